/* C ends a // comment at the line break only; a preprocessor that ends it at a
 * form feed proves a program with the return the compiler never sees. */
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    // guard   if (t != 0) return;
    a[0] = t;
}
