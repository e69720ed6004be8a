"""Learn the opening-lead model the expert blends with its layouts (bridgeroom.robots.lead).

    python bench/lead_model.py                       # 20,000 deals of seed 5000, then fit
    python bench/lead_model.py --records leads.jsonl --deals 20000 --workers 2
    python bench/lead_model.py --records leads.jsonl --no-write   # judge only

Four ``basic`` robots bid each deal of ``--seed`` (5000: a set the other benchmarks do not use)
and every card the leader may lead is solved double dummy
(:func:`bridgeroom.robots.strength.leads.lead_record`). The records are kept, one JSON line a
deal, in ``--records`` (default ``bench/out/leads_SEED.jsonl``): a rerun reads the deals already
there and solves only the rest (20,000 deals take about 30 minutes on two cores).

It then fits the model on the first three quarters of the deals and prints, for the last quarter,
the mean cost of the model's lead against the double-dummy best lead and its paired difference
with the basic robot's lead (95% interval); then fits on every deal and writes
``src/bridgeroom/robots/lead_model.json`` (unless ``--no-write``). No assertion on anything.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from bridgeroom.robots.strength.leads import (  # noqa: E402
    LAMBDA,
    evaluate,
    fit,
    lead_record,
    model_json,
    samples,
)

MODEL = ROOT / "src" / "bridgeroom" / "robots" / "lead_model.json"


def _one(job: tuple[int, int]) -> tuple[int, dict[str, object]]:
    seed, index = job
    return index, lead_record(seed, index)


def gather(path: Path, seed: int, deals: int, workers: int) -> list[dict[str, object]]:
    """The records of deals ``0 .. deals-1`` of ``seed``: those in ``path``, the rest solved and
    added to it."""
    have: dict[int, dict[str, object]] = {}
    if path.exists():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as err:
                print(f"{path}:{number}: not a record ({err}); solved again", file=sys.stderr)
                continue
            if int(rec.get("seed", seed)) == seed:
                have[int(rec["deal"])] = rec
    todo = [(seed, i) for i in range(deals) if i not in have]
    if todo:
        print(f"solving {len(todo)} deals on {workers} processes", flush=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        t0 = time.perf_counter()
        with path.open("a", encoding="utf-8") as out, multiprocessing.Pool(workers) as pool:
            for done, (index, rec) in enumerate(pool.imap_unordered(_one, todo, chunksize=4), 1):
                have[index] = rec
                out.write(json.dumps(rec) + "\n")
                if done % 1000 == 0:
                    out.flush()
                    rate = done / (time.perf_counter() - t0)
                    print(f"  {done} deals, {rate:.1f} a second", flush=True)
    return [have[i] for i in sorted(have) if i < deals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--records", type=Path, default=None)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--lam", type=float, default=LAMBDA)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    path = args.records or ROOT / "bench" / "out" / f"leads_{args.seed}.jsonl"
    print(f"cores: {os.cpu_count()}; load: {os.getloadavg()[0]:.2f}", flush=True)
    records = gather(path, args.seed, args.deals, args.workers)
    data = samples(records, args.seed)
    cut = len(data) * 3 // 4
    model = fit(data[:cut], lam=args.lam)
    cost, diff, half, n = evaluate(model, data[cut:])
    basic = cost - diff
    print(f"deals: {len(records)}, with a contract: {len(data)}; fitted on {cut}, judged on {n}")
    print(f"model's lead: cost {cost:.3f} tricks a deal; basic lead {basic:.3f}")
    print(f"paired with the basic lead: {diff:+.3f} ± {half:.3f}")
    if not args.no_write:
        whole = fit(data, lam=args.lam)
        about = {"seed": args.seed, "held_out": f"{diff:+.3f} ± {half:.3f} on {n} deals"}
        MODEL.write_text(json.dumps(model_json(whole, **about), indent=0) + "\n", "utf-8")
        print(f"wrote {MODEL.relative_to(ROOT)} ({MODEL.stat().st_size // 1024} KiB)")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
