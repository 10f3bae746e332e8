/* A C++ raw string spans lines that are text to the compiler; a preprocessor
 * that does not know raw strings runs the directive inside it. */
#define SHIFT 1
__global__ void k(int *a)
{
    const char *text = R"x(
#undef SHIFT
#define SHIFT 0
)x";
    a[threadIdx.x + SHIFT] = text[0];
}
