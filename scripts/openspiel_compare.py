#!/usr/bin/env python3
"""Compare our Connect Four MCTS with OpenSpiel's C++ MCTSBot (optional; not part of CI).

Both sides run UCT with one uniformly random rollout per simulation and 1000 simulations per
move. Three measurements, run back to back on the same machine so their ratio is meaningful
(the first two are repeated --repeats times, interleaved, and the summary gives medians, since
a shared machine is noisy):

1. OpenSpiel: pyspiel.MCTSBot + pyspiel.RandomRolloutEvaluator playing against a uniformly
   random player (alternating who starts); simulations per second counted over the time spent
   inside bot.step only.
2. Ours: `cargo run --release -p agents --example c4_bench` in the same setting; it prints one
   JSON line with its simulations per second and results.
3. Head to head (--h2h-games, default 20): OpenSpiel's bot against ours served over
   stdin/stdout (`c4_bench --serve`), alternating who starts.

Exploration: OpenSpiel's UCT works on returns in [-1, 1], ours on [0, 1], so OpenSpiel's
uct_c = 2 * our c. The defaults (uct_c 2.0, c 1.0) are the same search.

Usage (from the repository root):
    pip install open-spiel            # once; or pass --install
    python3 scripts/openspiel_compare.py --games 100 --repeats 3 --h2h-games 20
Prints one JSON object per measurement and a final summary object with the median ratio.
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_pyspiel(install):
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        if not install:
            sys.exit("pyspiel not found: run `pip install open-spiel` or pass --install")
        subprocess.run([sys.executable, "-m", "pip", "install", "open-spiel"], check=True)
    import pyspiel

    return pyspiel


def openspiel_bot(pyspiel, game, args, seed):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    # MCTSBot(game, evaluator, uct_c, max_simulations, max_memory_mb, solve, seed, verbose)
    return pyspiel.MCTSBot(game, evaluator, args.uct_c, args.iterations, 4000, False, seed, False)


def openspiel_vs_random(pyspiel, args, seed):
    game = pyspiel.load_game("connect_four")
    rng = random.Random(seed)
    wins = draws = losses = steps = 0
    seconds = 0.0
    for g in range(args.games):
        bot = openspiel_bot(pyspiel, game, args, seed * 1000 + g)
        seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                start = time.perf_counter()
                action = bot.step(state)
                seconds += time.perf_counter() - start
                steps += 1
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        r = state.returns()[seat]
        wins += r > 0
        draws += r == 0
        losses += r < 0
    sims = steps * args.iterations
    return {
        "mode": "openspiel_vs_random",
        "agent": f"pyspiel.MCTSBot(uct_c={args.uct_c},max_simulations={args.iterations},"
        "RandomRolloutEvaluator(1),solve=False)",
        "games": args.games,
        "mcts_wins": wins,
        "draws": draws,
        "losses": losses,
        "mcts_moves": steps,
        "simulations": sims,
        "search_seconds": round(seconds, 4),
        "sims_per_sec": round(sims / seconds),
    }


def build_bench():
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "agents", "--example", "c4_bench"], cwd=ROOT, check=True
    )


def bench_command(args, seed):
    exe = ROOT / "target" / "release" / "examples" / "c4_bench"
    return [str(exe), "--iterations", str(args.iterations), "--exploration", str(args.c), "--seed", str(seed)]


def ours_vs_random(args, seed):
    cmd = bench_command(args, seed) + ["--games", str(args.games)]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def head_to_head(pyspiel, args):
    game = pyspiel.load_game("connect_four")
    server = subprocess.Popen(
        bench_command(args, args.seed) + ["--serve"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def ask(line):
        server.stdin.write(line + "\n")
        server.stdin.flush()
        return server.stdout.readline().strip()

    ours = draws = theirs = 0
    try:
        for g in range(args.h2h_games):
            bot = openspiel_bot(pyspiel, game, args, args.seed * 7919 + g)
            our_seat = g % 2
            server.stdin.write("new\n")
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.current_player() == our_seat:
                    action = int(ask("move " + " ".join(map(str, state.history()))))
                else:
                    action = bot.step(state)
                state.apply_action(action)
            r = state.returns()[our_seat]
            ours += r > 0
            draws += r == 0
            theirs += r < 0
        stats = json.loads(ask("stats"))
    finally:
        server.stdin.write("quit\n")
        server.stdin.close()
        server.wait()
    return {
        "mode": "head_to_head",
        "games": args.h2h_games,
        "ours_wins": ours,
        "draws": draws,
        "openspiel_wins": theirs,
        "our_sims_per_sec": round(stats["simulations"] / stats["search_seconds"]),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100, help="games against random, per side and repeat")
    p.add_argument("--repeats", type=int, default=3, help="interleaved repeats of the speed runs")
    p.add_argument("--h2h-games", type=int, default=20, help="head-to-head games (0 to skip)")
    p.add_argument("--iterations", type=int, default=1000, help="simulations per move")
    p.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's uct_c (returns in [-1, 1])")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--install", action="store_true", help="pip install open-spiel if missing")
    args = p.parse_args()
    args.c = args.uct_c / 2.0
    pyspiel = load_pyspiel(args.install)

    build_bench()
    theirs_runs, ours_runs, ratios = [], [], []
    for r in range(args.repeats):
        theirs = openspiel_vs_random(pyspiel, args, args.seed + r)
        print(json.dumps(theirs), flush=True)
        ours = ours_vs_random(args, args.seed + r)
        print(json.dumps(ours), flush=True)
        theirs_runs.append(theirs["sims_per_sec"])
        ours_runs.append(ours["sims_per_sec"])
        ratios.append(ours["sims_per_sec"] / theirs["sims_per_sec"])
    summary = {
        "mode": "summary",
        "repeats": args.repeats,
        "openspiel_sims_per_sec_median": round(statistics.median(theirs_runs)),
        "ours_sims_per_sec_median": round(statistics.median(ours_runs)),
        "ratio_median": round(statistics.median(ratios), 1),
        "ratios": [round(x, 1) for x in ratios],
    }
    if args.h2h_games > 0:
        h2h = head_to_head(pyspiel, args)
        print(json.dumps(h2h), flush=True)
        summary["head_to_head"] = f'{h2h["ours_wins"]}-{h2h["draws"]}-{h2h["openspiel_wins"]} (ours-draws-theirs)'
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main()
