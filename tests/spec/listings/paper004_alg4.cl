// Requires/Ensures for the complete kernel
/*@ requires N == 32 && H == 6;
    ensures N == 32 && H == 6;
    requires get_local_size(0) == N;
    requires N == 32 && H == 6;
    requires get_local_id(0) < (N / 2) ==> Perm(input[get_local_id(0) * 2], read);
    requires get_local_id(0) < (N / 2) ==> Perm(input[get_local_id(0) * 2 + 1], read);
    requires get_local_id(0) < (N / 2) ==> Perm(output[get_local_id(0) * 2], write);
    requires get_local_id(0) < (N / 2) ==> Perm(output[get_local_id(0) * 2 + 1], write);
    requires get_local_id(0) < (N / 2) ==> Perm(temp[0 * N + get_local_id(0) * 2], write);
    requires get_local_id(0) < (N / 2) ==> Perm(temp[0 * N + get_local_id(0) * 2 + 1], write);
    requires (\forall* int j; 1 <= j && j < H; Perm(temp[j * N + get_local_id(0)], write));
    ensures N == 32 && H == 6;
    ensures get_local_id(0) < (N / 2) ==> Perm(input[get_local_id(0) * 2], read);
    ensures get_local_id(0) < (N / 2) ==> Perm(input[get_local_id(0) * 2 + 1], read);
    ensures get_local_id(0) < (N / 2) ==> Perm(output[get_local_id(0) * 2], write);
    ensures get_local_id(0) < (N / 2) ==> Perm(output[get_local_id(0) * 2 + 1], write);
    ensures get_local_id(0) < (N / 2) ==> Perm(temp[0 * N + get_local_id(0) * 2], write);
    ensures get_local_id(0) < (N / 2) ==> Perm(temp[0 * N + get_local_id(0) * 2 + 1], write);
    ensures (\forall* int j; 1 <= j && j < H; Perm(temp[j * N + get_local_id(0)], write)); @*/
// Kernel method
__kernel void prefixSum(int N, int H, __global uint *input, __global uint *output,
                        __local uint *temp)
{
    // Thread code
    int t = get_local_id(0);
    // Only use the first half of threads
    if (t < (N / 2)) {
        // Input copy
        temp[0 * N + t * 2] = input[t * 2];
        temp[0 * N + t * 2 + 1] = input[t * 2 + 1];
        // First step of upsweep
        temp[1 * N + t] = temp[0 * N + t * 2] + temp[0 * N + t * 2 + 1];
    }
    int level = 1;
    /*@ loop_invariant N == 32 && H == 6;
        loop_invariant t >= 0 && t < N;
        loop_invariant level >= 1 && level < H;
        loop_invariant (\forall* int i; level <= i && i < H; Perm(temp[i * N + t], write));
        loop_invariant t < (N / 2) ==> (\forall* int i; 0 <= i && i < level; Perm(temp[i * N + t * 2], write));
        loop_invariant t < (N / 2) ==> (\forall* int i; 0 <= i && i < level; Perm(temp[i * N + t * 2 + 1], write)); @*/
    while ((level + 1) < H) {
        level = level + 1;
        /*@ requires N == 32 && H == 6;
            requires t >= 0 && t < N;
            requires level >= 1 && level < H;
            requires Perm(temp[(level - 1) * N + t], write);

            ensures N == 32 && H == 6;
            ensures level >= 1 && level < H;
            ensures t >= 0 && t < N;
            ensures Perm(temp[level * N + t], write);
            ensures t < (N / 2) ==> Perm(temp[(level - 1) * N + t * 2], write);
            ensures t < (N / 2) ==> Perm(temp[(level - 1) * N + t * 2 + 1], write); @*/
        barrier(CLK_LOCAL_MEM_FENCE);
        // Do next upsweep step
        if (t < (N / 2)) {
            temp[level * N + t] = temp[(level - 1) * N + t * 2] + temp[(level - 1) * N + t * 2 + 1];
        }
    }
    // Set the root to 0 (does the complete top row to save a barrier/if-statement)
    temp[(H - 1) * N + t] = 0;
    // Down-sweep phase
    level = H - 1;
    /*@ loop_invariant N == 32 && H == 6;
        loop_invariant t >= 0 && t < N;
        loop_invariant level >= 1 && level < H;
        loop_invariant (\forall* int i; level < i && i < H; Perm(temp[i * N + t], write));
        loop_invariant t < (N / 2) ==> (\forall* int i; 0 <= i && i < level; Perm(temp[i * N + t * 2], write));
        loop_invariant t < (N / 2) ==> (\forall* int i; 0 <= i && i < level; Perm(temp[i * N + t * 2 + 1], write)); @*/
    while ((level - 1) > 0) {
        level = level - 1;
        /*@ requires N == 32 && H == 6;
            requires t >= 0 && t < N;
            requires level >= 1 && level < H;
            requires t < (N / 2) ==> Perm(temp[level * N + t * 2], write);
            requires t < (N / 2) ==> Perm(temp[level * N + t * 2 + 1], write);

            ensures N == 32 && H == 6;
            ensures level >= 1 && level < H;
            ensures t >= 0 && t < N;
            ensures Perm(temp[level * N + t], write);
            ensures t < (N / 2) ==> Perm(temp[(level - 1) * N + t * 2], write);
            ensures t < (N / 2) ==> Perm(temp[(level - 1) * N + t * 2 + 1], write); @*/
        barrier(CLK_LOCAL_MEM_FENCE);

        // Do next down-sweep step
        if (t < (N / 2)) {
            temp[(level - 1) * N + t * 2 + 1] = temp[(level - 1) * N + t * 2] + temp[level * N + t]; // Set right child
            temp[(level - 1) * N + t * 2] = temp[level * N + t]; // Set left child
        }
    }

    // Copy the result from the tree to the output array
    if (t < (N / 2)) {
        output[t * 2] = temp[0 * N + t * 2];
        output[t * 2 + 1] = temp[0 * N + t * 2 + 1];
    }
}
