/* GNU drops the comma before an empty ## __VA_ARGS__; C99 (OpenCL C) keeps it,
 * so COUNT() is 0 to one preprocessor and 1 to the other. */
#define PICK(a, b, c, ...) c
#define COUNT(...) PICK(0, ##__VA_ARGS__, 1, 0)
__kernel void k(__global int *a)
{
    a[get_local_id(0) + COUNT()] = 1;
}
