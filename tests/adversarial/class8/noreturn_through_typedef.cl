// expect: unknown
// run: check --local-size 8 --global-size 16 --array-size out=16
// id: execution unsupported_construct line 16
// truth: the function type's typedef carries noreturn, so no declaration of stop() spells it; stop() returns anyway, and PoCL's build runs off the end of the kernel after the call (the host process crashes)
typedef void no_way_back(void) __attribute__((noreturn));
no_way_back stop;

void stop(void)
{
}

__kernel void k(__global int *out)
{
    size_t g = get_global_id(0);
    out[g] = 1;
    stop();
}
