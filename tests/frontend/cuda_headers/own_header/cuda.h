#define LIMIT 7
