#define N 64
/*@ context_everywhere n == get_local_size(0) && n <= N;
    requires (\forall* int i = 0 .. n; i == \ltid ==> Perm(a[i], write));
    requires Perm(b[\ltid], none); @*/
__kernel void k(__global int *a, __global int *b, int n)
{
    int tid = get_local_id(0);
    a[tid] = 3;
    //@ assert a[tid] == 4 && tid < N;
    a[tid] = 4;
}
