/* A splice inside a macro's name: C reads the second #define as IDX (0), so
 * every work-item writes a[0]; a preprocessor that does not join the lines
 * defines ID and keeps IDX as the work-item's index. */
#define IDX get_global_id(0)
#define ID\
X 0
__kernel void k(__global int *a)
{
    a[IDX] = 1;
}
