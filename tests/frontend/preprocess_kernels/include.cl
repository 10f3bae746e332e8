// a kernel that pulls in another file
#include "positions.cl"
