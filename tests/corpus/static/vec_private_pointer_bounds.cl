// expect: violation bounds
// run: check --local-size 4 --num-groups 1
// id: bounds index_out_of_range line 7
// A private int4 whose address is passed on is one vector of 4 cells: p[1]
// is past its end.
void poke(int4 *p) {
  p[1].x = 3;
}

__kernel void private_vector(__global int *out) {
  int4 v = (int4)(0);
  poke(&v);
  out[get_global_id(0)] = v.x;
}
