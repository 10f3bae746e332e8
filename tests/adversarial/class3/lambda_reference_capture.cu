// expect: violation-or-unknown
// run: check --local-size 64
// id: execution unsupported_construct line 7
// truth: the lambda captures out by reference and every call stores into out[0]: thread t writes t there, so threads 0 and 1 race (write-write); the body runs where the lambda is called, not where it is written, and dropping it would leave nothing to check
__global__ void via_lambda(int *out)
{
    auto store = [&](int v) { out[0] = v; };
    store((int)threadIdx.x);
}
