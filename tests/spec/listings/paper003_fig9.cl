/*@ context_everywhere get_local_size(0) > 1;
    requires Perm(bin[get_local_id(0)], write) ** Perm(tmp[get_local_id(0)], write);
    ensures Perm(bin[get_local_id(0)], write);
    ensures bin[get_local_id(0)] == binom(get_local_size(0) - 1, get_local_id(0)); @*/
__kernel void binomial(__global int *bin, __local int *tmp)
{
    int tid = get_local_id(0);
    int gsize = get_local_size(0);
    int temp;
    int N = 1;
    bin[tid] = 1;
    /*@ loop_invariant 1 <= N && N <= gsize - 1;
        loop_invariant Perm(bin[tid], write) ** Perm(tmp[tid], write);
        loop_invariant tid < N ? bin[tid] == binom(N, tid) : bin[tid] == 1; @*/
    while (N < gsize - 1) {
        tmp[tid] = bin[tid];
        /*@ requires tmp[tid] == (tid < N ? binom(N, tid) : 1);
            ensures Perm(bin[tid], write) ** Perm(tmp[(tid + gsize - 1) % gsize], 1\10);
            ensures 0 < tid && tid <= N ==> tmp[(tid + gsize - 1) % gsize] == binom(N, tid - 1); @*/
        barrier(CLK_LOCAL_MEM_FENCE);
        N = N + 1;
        if (0 < tid && tid < N) {
            temp = tmp[(tid + gsize - 1) % gsize];
            bin[tid] = temp + bin[tid];
        }
        /*@ ensures Perm(bin[tid], write) ** Perm(tmp[tid], write); @*/
        barrier(0);
    }
}
