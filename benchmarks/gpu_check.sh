#!/usr/bin/env bash
# The GPU paths, checked on a machine with an NVIDIA GPU and CuPy (no network needed):
#
#     benchmarks/gpu_check.sh OUTDIR [STEP ...]
#
# Steps (all by default):
#   cuda_tests         the library's CUDA backend against NumPy (tests/library/test_library_cuda.py)
#   cuda_native        CUDA scan kernels' interval test as written, on the GPU
#                      (tests/functional/test_cuda_native.py)
#   verify_cuda        `veriscan verify` of the shipped CUDA kernels, every size, GPU run included
#   cuda_throughput    benchmarks/cuda_throughput.py: ours against cupy.cumsum and the copy floor
# and, where NVIDIA's OpenCL driver is registered (VERISCAN_DEVICE=nvidia):
#   verify_nvidia      `veriscan verify all --n all`
#   tests_nvidia       the library, functional, runtime and verify tests
#   throughput_nvidia  benchmarks/throughput.py
# Every step has its own time limit and log in OUTDIR; OUTDIR/summary.txt lists each
# step's exit status (124: it ran out of time).
set -u
out=${1:?usage: benchmarks/gpu_check.sh OUTDIR [STEP ...]}
shift
wanted=" ${*:-cuda_tests cuda_native verify_cuda cuda_throughput verify_nvidia tests_nvidia throughput_nvidia} "
mkdir -p "$out"
export PYTHONUNBUFFERED=1
step() {
    local name=$1 limit=$2
    shift 2
    [[ $wanted == *" $name "* ]] || return 0
    echo "== $name: $*"
    timeout "$limit" "$@" >"$out/$name.log" 2>&1
    local rc=$?
    echo "$name: exit $rc" | tee -a "$out/summary.txt"
    tail -n 30 "$out/$name.log"
}
nvidia-smi -L
step cuda_tests 100 python3 -m pytest -q -p no:cacheprovider -n 4 tests/library/test_library_cuda.py
step cuda_native 150 python3 -m pytest -q -p no:cacheprovider -n 8 tests/functional/test_cuda_native.py
step verify_cuda 150 python3 -m veriscan verify src/veriscan/kernels/scan/cuda/kogge_stone_cuda.cu \
    --n all
step cuda_throughput 60 python3 benchmarks/cuda_throughput.py --sizes 16,20,24,28
if python3 -c "import sys, pyopencl as cl
sys.exit(not any('nvidia' in p.name.lower() for p in cl.get_platforms()))"; then
    export VERISCAN_DEVICE=nvidia
    step verify_nvidia 200 python3 -m veriscan verify all --n all
    step tests_nvidia 170 python3 -m pytest -q -p no:cacheprovider -n 12 tests/library \
        tests/functional tests/runtime tests/verify
    step throughput_nvidia 60 python3 benchmarks/throughput.py --sizes 16,20,24
else
    echo "no NVIDIA OpenCL platform registered: OpenCL steps skipped" | tee -a "$out/summary.txt"
fi
