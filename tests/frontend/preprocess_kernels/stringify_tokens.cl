/* How the spaces of a stringified argument come out (and a pasted ## in it) is
 * where preprocessors differ: sizeof the string decides the index. */
#define SPELL(x) #x
__kernel void k(__global int *a)
{
    a[get_local_id(0) + sizeof(SPELL(x ## y)) - 7] = 1;
}
