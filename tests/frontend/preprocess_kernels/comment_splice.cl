/* A backslash at the end of a // comment splices the next line into the comment
 * for a C compiler (blanks after it too, with a warning); read as code, the
 * guard below would look taken by the proof and skipped by the run. */
__kernel void k(__global int *a)
{
    int shift = 1;  // reset below \
    shift = 0;
    a[get_local_id(0) + shift] = 1;
}
