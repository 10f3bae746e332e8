// expect: violation: does not follow from the preconditions of all threads
// run: spec
// id: spec.barrier_postcondition assertion_false line 36
// reason: Broken variant of binomial.cl: the barrier claims the wrong neighbour's value.
// Binomial coefficients by Pascal's rule (paper 003, Fig. 9): n work-items
// compute row n-1 of Pascal's triangle in bin.  In round `row` the work-items
// publish bin in tmp; the first barrier lets work-item t read its left
// neighbour's entry (tmp[t-1], half a permission, the owner keeps the other
// half), the update uses binom(row, t-1) + binom(row, t) = binom(row+1, t),
// and the second barrier returns the whole of tmp[t] to its owner.
// Invariant: bin holds row `row` of Pascal's triangle followed by ones.
// binom is the checker's built-in binomial function (Pascal's rule).
// Verified for work-group sizes 2 <= n <= 34.

/*@ context_everywhere n == get_local_size(0) && 2 <= n && n <= 34;
    requires Perm(bin[get_local_id(0)], write) ** Perm(tmp[get_local_id(0)], write);
    ensures Perm(bin[get_local_id(0)], write) ** Perm(tmp[get_local_id(0)], write);
    ensures bin[get_local_id(0)] == binom(n - 1, get_local_id(0)); @*/
__kernel void binomial(__global int *bin, __local int *tmp, int n)
{
    int tid = get_local_id(0);
    int row = 1;
    bin[tid] = 1;
    /*@ loop_invariant 1 <= row && row <= n - 1;
        loop_invariant Perm(bin[tid], write) ** Perm(tmp[tid], write);
        loop_invariant tid <= row ==> bin[tid] == binom(row, tid);
        loop_invariant tid > row ==> bin[tid] == 1; @*/
    while (row < n - 1) {
        tmp[tid] = bin[tid];
        /*@ requires Perm(tmp[tid], write);
            requires tmp[tid] == (tid <= row ? binom(row, tid) : 1);
            ensures tid < n - 1 ==> Perm(tmp[tid], 1\2);
            ensures tid == n - 1 ==> Perm(tmp[tid], write);
            ensures tid >= 1 ==> Perm(tmp[tid - 1], 1\2);
            ensures tid >= 1 ==> tmp[tid - 1] == (tid - 1 <= row ? binom(row, tid) : 1); @*/
        barrier(CLK_LOCAL_MEM_FENCE);
        row = row + 1;
        if (0 < tid && tid < row) {
            int left = tmp[tid - 1];
            bin[tid] = left + bin[tid];
        }
        /*@ requires tid < n - 1 ==> Perm(tmp[tid], 1\2);
            requires tid == n - 1 ==> Perm(tmp[tid], write);
            requires tid >= 1 ==> Perm(tmp[tid - 1], 1\2);
            ensures Perm(tmp[tid], write); @*/
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
