"""Analysis at scale: double-dummy tables and par, hand records, deal reviews, batch work on Dask.

* :mod:`bridgeroom.analysis.batch`: chunks of work on a Dask cluster (local or remote), results
  in input order, streamed, in bounded memory;
* :mod:`bridgeroom.analysis.dd`: double-dummy tables and par of whole files, through endplay's DDS;
* :mod:`bridgeroom.analysis.review`: a played deal, card by card, against double dummy;
* :func:`generate` (:mod:`bridgeroom.analysis.generate`): deals that meet a Dealer condition or a
  Python predicate, dealt with NumPy; :mod:`bridgeroom.analysis.dealer` reads Dealer scripts;
* :mod:`bridgeroom.analysis.simulate`: double-dummy simulations of contracts and opening leads.

Importing this package imports neither Dask nor endplay.

    >>> from bridgeroom.analysis import Batch, chunked
    >>> with Batch(workers=0) as batch:
    ...     list(batch.map(len, chunked(range(5), 2)))
    [2, 2, 1]
"""

from bridgeroom.analysis.batch import Batch, BatchError, Chunk, Progress, chunked, counted
from bridgeroom.analysis.generate import generate

__all__ = ["Batch", "BatchError", "Chunk", "Progress", "chunked", "counted", "generate"]
