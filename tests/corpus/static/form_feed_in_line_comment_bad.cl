// expect: bad-input
// run: check --local-size 4 --array-size a=4
// truth: C's // comment runs to the end of the line, form feed included, so for a compiler the store after the form feed is comment; a preprocessor that ends the comment at the form feed proves a program with one more statement than the one that runs
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    // guard   if (t != 0) return;
    a[0] = t;
}
