/* The paper's all_gather_sparse_vec (§4.5.2), written fresh: the nonzeros of a block-
 * distributed dense vector are broadcast with BSMP, the global index as the tag, to all
 * processes; each ends up with all nonzeros, in queue order (source pid, then send order),
 * i.e. by increasing global index. The tag size is restored afterwards. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

#define N_OVER_P 7

static int all_gather_sparse_vec(const float *dense, int n_over_p, float **sparse_out,
                                 int **sparse_ivec_out) {
  int p = bsp_nprocs(), tag_size = sizeof(int);
  bsp_set_tagsize(&tag_size); /* tag_size now holds the previous size */
  bsp_sync();
  for (int i = 0; i < n_over_p; i++) {
    if (dense[i] != 0.0f) {
      int global_idx = n_over_p * bsp_pid() + i;
      for (int j = 0; j < p; j++) bsp_send(j, &global_idx, &dense[i], sizeof(float));
    }
  }
  bsp_sync();
  int nonzeros, nonzeros_size;
  bsp_qsize(&nonzeros, &nonzeros_size);
  float *sparse = calloc((size_t)nonzeros + 1, sizeof(float));
  int *sparse_ivec = calloc((size_t)nonzeros + 1, sizeof(int));
  if (sparse == NULL || sparse_ivec == NULL) bsp_abort("Unable to allocate memory");
  for (int i = 0; i < nonzeros; i++) {
    int status;
    bsp_get_tag(&status, &sparse_ivec[i]);
    if (status != (int)sizeof(float)) bsp_abort("payload length %d, expected a float", status);
    bsp_move(&sparse[i], sizeof(float));
  }
  bsp_set_tagsize(&tag_size);
  *sparse_out = sparse;
  *sparse_ivec_out = sparse_ivec;
  return nonzeros;
}

/* Global element g is nonzero when g % 3 != 1, with value g + 0.5. */
static float element(int g) { return g % 3 == 1 ? 0.0f : (float)g + 0.5f; }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  float dense[N_OVER_P];
  for (int i = 0; i < N_OVER_P; i++) dense[i] = element(pid * N_OVER_P + i);
  float *sparse;
  int *ivec;
  int nonzeros = all_gather_sparse_vec(dense, N_OVER_P, &sparse, &ivec);
  int k = 0;
  for (int g = 0; g < N_OVER_P * p; g++) {
    if (element(g) == 0.0f) continue;
    CHECK(k < nonzeros);
    CHECK_EQ(ivec[k], g, "the global index of the next nonzero");
    CHECK(sparse[k] == element(g));
    k++;
  }
  CHECK_EQ(nonzeros, k, "the number of nonzeros");
  free(sparse);
  free(ivec);
  bsp_sync();
  /* The tag size in effect now is the original 0 again. */
  int size = 0;
  bsp_set_tagsize(&size);
  CHECK_EQ(size, 0, "the tag size after all_gather_sparse_vec");
  bsp_end();
  printf("PASS\n");
  return 0;
}
