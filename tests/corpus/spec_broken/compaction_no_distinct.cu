// expect: violation: two threads both receive write
// run: spec
// id: spec.barrier_redistribution permission_exceeded line 30
// reason: Broken variant of compaction.cu: without distinct scan results two flagged threads share a slot.
// The scatter step of stream compaction (paper 000, Alg. 3 lines 3-5 and the
// last column of Fig. 11): thread t keeps element t when flag[t] == 1 and
// writes it to out[expre[t]].  Before the barrier thread t owns out[t] (for
// t < m); the barrier hands out the write permission on out[expre[t]] to each
// flagged thread.
// Restriction: expre is an input here, the exclusive scan of flag computed by
// a separately verified scan kernel; the kernel precondition states the facts
// of that scan the proof needs (flagged indices are distinct and below the
// number m of flagged elements).  These are assumptions of the verdict, as
// the DistinctWhere assumption is for the race checker.
// Verified for every block size n >= 1 and every m <= n.

/*@ context_everywhere n == blockDim.x;
    requires 0 <= m && m <= n;
    requires (\forall int i; 0 <= i && i < n && flag[i] == 1; 0 <= expre[i] && expre[i] < m);
    requires Perm(input[threadIdx.x], read) ** Perm(flag[threadIdx.x], read);
    requires Perm(expre[threadIdx.x], read);
    requires threadIdx.x < m ==> Perm(out[threadIdx.x], write);
    ensures flag[threadIdx.x] == 1 ==> Perm(out[expre[threadIdx.x]], write);
    ensures flag[threadIdx.x] == 1 ==> out[expre[threadIdx.x]] == input[threadIdx.x]; @*/
__global__ void compaction(const int *input, const int *flag, const int *expre, int *out, int m,
                           int n)
{
    int tid = threadIdx.x;
    /*@ requires tid < m ==> Perm(out[tid], write);
        ensures flag[tid] == 1 ==> Perm(out[expre[tid]], write); @*/
    __syncthreads();
    if (flag[tid] == 1) {
        out[expre[tid]] = input[tid];
    }
}
