#!/bin/sh
# The batches behind the levels' figures in docs/bots.md: long, run it in the background.
#   nice -n 10 sh benchmarks/run_levels.sh runs/levels
# Each step is one `bola8 batch` on both cores; a folder already complete is skipped, so the script
# can be run again after an interruption (a half-done folder is continued with --resume).
# Then:  .venv/bin/python benchmarks/bench_levels.py racks runs/levels/self-*
#        .venv/bin/python benchmarks/bench_levels.py wins runs/levels/vs-*
set -e
OUT=${1:-runs/levels}
BOLA8=${BOLA8:-.venv/bin/bola8}
mkdir -p "$OUT"

batch() {   # name games noise seed playerA playerB
    dir="$OUT/$1"
    if [ -f "$dir/games.parquet" ]; then return 0; fi
    if [ -d "$dir/parts" ]; then resume=--resume; else resume=; fi
    echo "$(date +%H:%M:%S) $1" >&2
    $BOLA8 batch --players "$5,$6" --games "$2" --noise "$3" --seed "$4" --workers 2 --quiet $resume -o "$dir" > "$dir.txt"
}

# The sizes are what one afternoon on two shared cores allowed (the champion plays a rack in about
# half a minute there); 1,000 racks a level would narrow the intervals: raise N (or add seeds) where time allows.
N=${N:-100}
batch vs-champion-baseline 200 1 1 bot:champion bot:baseline
batch self-champion-1x-s1 $N 1 1 bot:champion bot:champion
batch vs-champion-pro $N 1 1 bot:champion bot:pro
batch self-pro-1x-s1 $N 1 1 bot:pro bot:pro
batch vs-pro-baseline $N 1 1 bot:pro bot:baseline
batch self-club-1x 300 1 1 bot:club bot:club
batch self-beginner-1x 300 1 1 bot:beginner bot:beginner
batch vs-pro-club $N 1 1 bot:pro bot:club
batch vs-club-baseline 200 1 1 bot:club bot:baseline
batch vs-beginner-baseline 200 1 1 bot:beginner bot:baseline
batch vs-club-beginner 200 1 1 bot:club bot:beginner
batch self-champion-5x 50 5 1 bot:champion bot:champion
batch self-pro-5x 50 5 1 bot:pro bot:pro
batch self-club-5x 100 5 1 bot:club bot:club
batch self-beginner-5x 100 5 1 bot:beginner bot:beginner
for seed in 2 3 4 5 6 7 8 9 10; do
    batch self-champion-1x-s$seed $N 1 $seed bot:champion bot:champion
    batch self-pro-1x-s$seed $N 1 $seed bot:pro bot:pro
done
echo "$(date +%H:%M:%S) done" >&2
