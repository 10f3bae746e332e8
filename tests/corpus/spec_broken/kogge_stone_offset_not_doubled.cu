// expect: violation: loop invariant
// run: spec
// id: spec.loop_invariant_preserved permission_missing line 28
// reason: Broken variant of kogge_stone_perms.cu: the barrier prepared offset 2*offset but the loop moves to offset+1.
// Kogge-Stone in-place inclusive scan (paper 000, Alg. 2) with the permission
// pattern of Fig. 9.  At the top of each round thread t holds half of out[t]
// and half of out[t - offset]; elements no thread reads from the right
// (t + offset >= n) stay wholly with their owner.  The first barrier joins the
// halves into a write on out[t], the second barrier hands out the halves for
// the doubled offset.
// Verified for every block size n >= 1 (n need not be a power of two).
// Restriction: permissions and the loop counter only; the scan's functional
// result is proven by the interval test, not here.

/*@ context_everywhere n == blockDim.x;
    requires threadIdx.x + 1 < n ==> Perm(out[threadIdx.x], 1\2);
    requires threadIdx.x + 1 >= n ==> Perm(out[threadIdx.x], write);
    requires threadIdx.x >= 1 ==> Perm(out[threadIdx.x - 1], 1\2);
    ensures Perm(out[threadIdx.x], write); @*/
__global__ void kogge_stone_perms(unsigned *out, int n)
{
    int tid = threadIdx.x;
    int offset = 1;
    /*@ loop_invariant offset >= 1;
        loop_invariant tid + offset < n ==> Perm(out[tid], 1\2);
        loop_invariant tid + offset >= n ==> Perm(out[tid], write);
        loop_invariant tid >= offset ==> Perm(out[tid - offset], 1\2); @*/
    while (offset < n) {
        unsigned temp = out[tid];
        if (tid >= offset) {
            temp = out[tid - offset] + temp;
        }
        /*@ requires offset >= 1;
            requires tid + offset < n ==> Perm(out[tid], 1\2);
            requires tid + offset >= n ==> Perm(out[tid], write);
            requires tid >= offset ==> Perm(out[tid - offset], 1\2);
            ensures Perm(out[tid], write); @*/
        __syncthreads();
        if (tid >= offset) {
            out[tid] = temp;
        }
        /*@ requires Perm(out[tid], write);
            ensures tid + 2 * offset < n ==> Perm(out[tid], 1\2);
            ensures tid + 2 * offset >= n ==> Perm(out[tid], write);
            ensures tid >= 2 * offset ==> Perm(out[tid - 2 * offset], 1\2); @*/
        __syncthreads();
        offset = offset + 1;
    }
}
