// expect: unknown
// run: check --local-size 17 --num-groups 1
// id: race approximation line 8
// Steps of 2^28 from 17 work-items wrap the 32-bit counter around, so two
// increments can return the same value: distinctness is not claimed.
__kernel void big_steps(__global uint *slots, __global uint *counter) {
  uint mine = atomic_add(counter, 0x10000000u);
  slots[mine >> 28] = (uint)get_local_id(0);
}
