/* U+2028 is a line break to Python (and pcpp), not to C: the rest of this
 * // comment is comment for the compiler and code for the proof. */
__kernel void k(__global int *a)
{
    int shift = 1;
    // note shift = 0;
    a[get_local_id(0) + shift] = 1;
}
