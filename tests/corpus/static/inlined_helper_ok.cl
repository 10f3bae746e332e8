// expect: verified
// run: check --local-size 128 --num-groups 8 --array-size data=1024
// A helper function is inlined; its pointer parameter resolves to `data`.
int slot(int group, int lane, int width) { return group * width + lane; }
void bump(__global int *p, int at) { p[at] = p[at] + 1; }

__kernel void increment(__global int *data) {
  int i = slot((int)get_group_id(0), (int)get_local_id(0), (int)get_local_size(0));
  bump(data, i);
}
