/*
 * sparse_gather.c - the paper's all_gather_sparse_vec (section 4.5.2) as a
 * program.
 *
 * A dense vector of n elements is distributed in blocks of n/p. Every process
 * sends each nonzero element, tagged with its global index, to all
 * processes, so that afterwards every process holds all nonzeros with their
 * indices. The amount of data depends on the values, which suits bulk
 * synchronous message passing: the receiver learns from bsp_qsize how much
 * arrived. (The paper's code leaves the output arrays unset when nothing
 * arrives; here they start as NULL.)
 *
 * Here element i of the vector is i when i is a multiple of 3, else 0.
 */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int all_gather_sparse_vec(float *dense, int n_over_p, float **sparse_out, int **sparse_ivec_out) {
  int global_idx, i, j, tag_size, p = bsp_nprocs(), nonzeros, nonzeros_size, status,
                                  *sparse_ivec = NULL;
  float *sparse = NULL;

  tag_size = sizeof(int);
  bsp_set_tagsize(&tag_size);
  bsp_sync();

  for (i = 0; i < n_over_p; i++)
    if (dense[i] != 0.0) {
      global_idx = (n_over_p * bsp_pid() + i);
      for (j = 0; j < p; j++) bsp_send(j, &global_idx, &dense[i], sizeof(float));
    }
  bsp_sync();

  bsp_qsize(&nonzeros, &nonzeros_size);
  if (nonzeros > 0) {
    sparse = calloc(nonzeros, sizeof(float));
    sparse_ivec = calloc(nonzeros, sizeof(int));
    if (sparse == NULL || sparse_ivec == NULL) bsp_abort("Unable to allocate memory");
    for (i = 0; i < nonzeros; i++) {
      bsp_get_tag(&status, &sparse_ivec[i]);
      if (status != sizeof(float)) bsp_abort("Should never get here");
      bsp_move(&sparse[i], sizeof(float));
    }
  }
  bsp_set_tagsize(&tag_size);
  *sparse_out = sparse;
  *sparse_ivec_out = sparse_ivec;
  return nonzeros;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  const int n_over_p = 4;
  int s = bsp_pid();
  float dense[4];
  for (int i = 0; i < n_over_p; ++i) {
    int global = s * n_over_p + i;
    dense[i] = global % 3 == 0 ? (float)global : 0.0f;
  }

  float *values;
  int *indices;
  int nonzeros = all_gather_sparse_vec(dense, n_over_p, &values, &indices);

  /* Messages arrive in no promised order (this library orders them by
   * sender), so add up instead of listing them. */
  long index_sum = 0;
  double value_sum = 0;
  for (int i = 0; i < nonzeros; ++i) {
    index_sum += indices[i];
    value_sum += values[i];
  }
  printf("process %d: %d nonzeros, indices summing to %ld, values summing to %g\n", s, nonzeros,
         index_sum, value_sum);
  free(values);
  free(indices);
  bsp_end();
  return 0;
}
