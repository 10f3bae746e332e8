/* __LINE__ handed to a macro that pastes it: the compiler names the variable
 * after the line, veriscan's preprocessor after the word __LINE__. */
#define GLUE(a, b) a##b
#define NAME(a, b) GLUE(a, b)
__kernel void k(__global int *a)
{
    int v__LINE__ = 1;
    int v8 = 0;
    a[get_local_id(0) + NAME(v, __LINE__)] = 1;
}
