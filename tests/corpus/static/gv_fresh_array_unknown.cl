// expect: unknown
// run: check --local-size 16 --num-groups 2
// id: execution unsupported_construct line 13
// GPUVerify's __requires_fresh_array (the buffer is not reachable from any other) and
// its spec-function annotations __writes_to / __reads_from are claims veriscan neither
// checks nor can assume: unknown, never bad input and never silently dropped.
void __spec_touch(__local int *p) {
    __writes_to(p);
    __reads_from(p);
}

__kernel void fresh(__global int *a, __local int *s) {
    __requires_fresh_array(a);
    __spec_touch(s);
    a[get_global_id(0)] = 1;
}
