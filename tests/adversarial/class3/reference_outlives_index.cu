// expect: violation
// run: check --local-size 64
// id: race write_write line 10
// truth: a C++ reference is bound once, when it is declared: `int &cell = out[i]` names out[0] for good, and the later i = threadIdx.x does not move it, so every thread stores into out[0] (a write-write race between threads 0 and 1); re-reading out[i] at each use of cell would see each thread's own element
__global__ void first_cell(int *out)
{
    unsigned int i = 0;
    int &cell = out[i];
    i = threadIdx.x;
    cell = (int)i;
}
