/* Constructs the lowering once dropped or duplicated; the test runs the IR. */
void put(__global int *o, int i, int v) { o[i] = v; barrier(CLK_GLOBAL_MEM_FENCE); }
void via_return(__global int *o, int i) { return put(o, i, 10 + i); }
void via_void_cast(__global int *o, int i) { return (void)put(o, i + 4, 20 + i); }

__kernel void k_void_returns(__global int *out)
{
    int t = get_local_id(0);
    via_return(out, t);
    via_void_cast(out, t);
    (void)put(out, t + 8, 30 + t);
}

__kernel void k_constant_operands(__global int *out)
{
    int t = get_local_id((out[0] = 7, 0));
    barrier((out[1] = 8, CLK_GLOBAL_MEM_FENCE));
    mem_fence((out[2] = 9, CLK_GLOBAL_MEM_FENCE));
    out[3 + t + get_global_offset((out[5] = 11, 0))] = 1;
}

__kernel void k_postfix(__global int *out)
{
    int t = get_local_id(0);
    int i = 2 * t;
    out[i++]++;
    out[i++] += 5;
    out[8 + t] = i;
}

__kernel void k_do_while_reads_memory(__global int *out)
{
    int t = get_local_id(0);
    do { out[t] += 1; } while (out[t] < 3);
}

__kernel void k_kernel_return(__global int *out)
{
    int t = get_local_id(0);
    return (void)put(out, t, 5 + t);
}
