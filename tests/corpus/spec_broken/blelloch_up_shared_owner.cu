// expect: violation: two threads both receive write
// run: spec
// process: own
// id: spec.barrier_redistribution permission_exceeded line 43
// reason: Broken variant of blelloch_perms.cu: every thread above the owner also gets the element.
// Blelloch's in-place exclusive scan (paper 000, Alg. 1) with the permission
// pattern of Fig. 4 (§4.2.1), one block of n threads over n elements.
// At stride s, thread t is active when its pair fits, (t + 1) * 2s <= n, and
// then writes out[t*2s + s - 1] and out[t*2s + 2s - 1] (the indicator
// (t + 1) * 2s - 1 and indicator - s); thread 0 collects every element no
// active thread touches.  The specification states this location-major, as
// an owner for every element:
//   owner(i, s) = i % s == s - 1 && (i / 2s + 1) * 2s <= n ? i / 2s : 0
// so each barrier hands in owner(., s) and hands out owner(., 2s) going up,
// owner(., s/2) going down, and after the last round every thread owns its
// own element.  The down-sweep recomputes the indicator (t + 1) * 2s - 1 from
// the stride in each round (for a power of two n this equals the paper's
// n*t + n - 1 halved round by round) and starts from the up-sweep's final
// stride, so no power-of-two assumption is needed for the permissions.
// Verified for every n >= 2 (n need not be a power of two for the permission
// proof).  Restriction: permissions and index arithmetic only; the scan
// result itself is proven by the interval test.

/*@ context_everywhere n == blockDim.x && n >= 2;
    requires (\forall* int i; 0 <= i && i < n && ((i / 2 + 1) * 2 <= n ? i / 2 : 0) == threadIdx.x;
            Perm(out[i], write));
    ensures Perm(out[threadIdx.x], write); @*/
__global__ void blelloch_perms(unsigned *out, int n)
{
    int tid = threadIdx.x;
    int indicator = 2 * tid + 1;
    int stride = 1;
    /*@ loop_invariant stride >= 1 && stride < 2 * n && indicator == (tid + 1) * 2 * stride - 1;
        loop_invariant (\forall* int i; 0 <= i && i < n && (i % stride == stride - 1 && (i / (2 * stride) + 1) * (2 * stride) <= n ? i / (2 * stride) : 0) == tid;
                Perm(out[i], write)); @*/
    while (stride < n) {
        if (indicator < n && indicator >= stride) {
            out[indicator] = out[indicator] + out[indicator - stride];
        }
        /*@ requires (\forall* int i; 0 <= i && i < n && (i % stride == stride - 1 && (i / (2 * stride) + 1) * (2 * stride) <= n ? i / (2 * stride) : 0) == tid;
                    Perm(out[i], write));
            ensures (\forall* int i; 0 <= i && i < n && (i % (2 * stride) == 2 * stride - 1 && (i / (4 * stride) + 1) * (4 * stride) <= n ? i / (4 * stride) : 0) <= tid;
                    Perm(out[i], write)); @*/
        __syncthreads();
        indicator = 2 * indicator + 1;
        stride = 2 * stride;
    }
    /*@ requires stride >= n && stride < 2 * n;
        requires (\forall* int i; 0 <= i && i < n && (i % stride == stride - 1 && (i / (2 * stride) + 1) * (2 * stride) <= n ? i / (2 * stride) : 0) == tid;
                Perm(out[i], write));
        ensures (\forall* int i; 0 <= i && i < n && (i % (stride / 2) == (stride / 2) - 1 && (i / (2 * (stride / 2)) + 1) * (2 * (stride / 2)) <= n ? i / (2 * (stride / 2)) : 0) == tid;
                Perm(out[i], write)); @*/
    __syncthreads();
    stride = stride / 2;
    if (tid == 0) {
        out[n - 1] = 0;
    }
    /*@ loop_invariant stride >= 0 && stride < n;
        loop_invariant stride >= 1 ==> (\forall* int i; 0 <= i && i < n && (i % stride == stride - 1 && (i / (2 * stride) + 1) * (2 * stride) <= n ? i / (2 * stride) : 0) == tid;
                Perm(out[i], write));
        loop_invariant stride == 0 ==> Perm(out[tid], write); @*/
    while (stride >= 1) {
        indicator = (tid + 1) * 2 * stride - 1;
        if (indicator < n && indicator >= stride) {
            unsigned temporary = out[indicator];
            out[indicator] = out[indicator] + out[indicator - stride];
            out[indicator - stride] = temporary;
        }
        /*@ requires stride >= 1;
            requires (\forall* int i; 0 <= i && i < n && (i % stride == stride - 1 && (i / (2 * stride) + 1) * (2 * stride) <= n ? i / (2 * stride) : 0) == tid;
                    Perm(out[i], write));
            ensures stride >= 2 ==> (\forall* int i; 0 <= i && i < n && (i % (stride / 2) == (stride / 2) - 1 && (i / (2 * (stride / 2)) + 1) * (2 * (stride / 2)) <= n ? i / (2 * (stride / 2)) : 0) == tid;
                    Perm(out[i], write));
            ensures stride == 1 ==> Perm(out[tid], write); @*/
        __syncthreads();
        stride = stride / 2;
    }
}
