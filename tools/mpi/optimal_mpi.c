/*
 * optimal_mpi.c: codebreaker-mpi, `codebreaker optimal` over MPI processes.
 * Rank 0 (the leader) keeps the queue of openers, the best total proved and
 * the results file; every other rank (a worker) asks for the next opener,
 * searches it with the best total known as budget and sends the result back.
 * At the end the leader runs the search with every opener known, which
 * searches nothing but the tree of the best opener, and prints what the
 * codebreaker program prints. See docs/optimal.md.
 *
 * usage: mpirun -np N codebreaker-mpi optimal [OPTIONS]   (N >= 2)
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "opt_results.h"

enum { TAG_ASK = 1, TAG_GIVE = 2 };
enum { ASK_NEXT = 0, ASK_RESULT = 1, ASK_DONE = 2 };

/* Wait for a message without spinning a core (Open MPI's blocking receive polls). */
static int quiet_recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Status *st)
{
    MPI_Request rq;
    int done = 0;
    if (MPI_Irecv(buf, count, type, src, tag, MPI_COMM_WORLD, &rq) != MPI_SUCCESS)
        return -1;
    struct timespec ts = {0, 200000};
    while (!done) {
        if (MPI_Test(&rq, &done, st) != MPI_SUCCESS)
            return -1;
        if (!done)
            nanosleep(&ts, NULL);
    }
    return 0;
}

static int share_known(optimal_share *sh, cb_optimal_opener **known, size_t *n)
{
    uint64_t count = sh->rank == 0 ? *n : 0;
    if (MPI_Bcast(&count, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        return -1;
    uint64_t *buf = malloc((count ? count : 1) * 3 * sizeof *buf);
    if (!buf)
        return -1; /* every rank fails alike only if memory runs out everywhere; MPI aborts the rest */
    if (sh->rank == 0)
        for (uint64_t i = 0; i < count; i++) {
            buf[3 * i] = (*known)[i].guess;
            buf[3 * i + 1] = (*known)[i].bound;
            buf[3 * i + 2] = (uint64_t)(*known)[i].exact;
        }
    int rc = MPI_Bcast(buf, (int)(count * 3), MPI_UINT64_T, 0, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
    if (rc == 0 && sh->rank != 0) {
        cb_optimal_opener *k = calloc(count ? count : 1, sizeof *k);
        if (!k)
            rc = -1;
        for (uint64_t i = 0; k && i < count; i++) {
            k[i].guess = (uint32_t)buf[3 * i];
            k[i].bound = buf[3 * i + 1];
            k[i].exact = (int)buf[3 * i + 2];
        }
        *known = k;
        *n = count;
    }
    free(buf);
    return rc;
}

static size_t claim(void *arg, size_t count, uint64_t *budget)
{
    (void)arg;
    uint64_t ask[4] = {ASK_NEXT, count, 0, 0}, give[2];
    MPI_Status st;
    if (MPI_Send(ask, 4, MPI_UINT64_T, 0, TAG_ASK, MPI_COMM_WORLD) != MPI_SUCCESS ||
        quiet_recv(give, 2, MPI_UINT64_T, 0, TAG_GIVE, &st) != 0)
        return count; /* stop: the leader is gone */
    *budget = give[1];
    return give[0] < count ? (size_t)give[0] : count;
}

static void send_result(const cb_optimal_opener *op, void *arg)
{
    (void)arg;
    uint64_t ask[4] = {ASK_RESULT, op->guess, op->bound, (uint64_t)op->exact};
    MPI_Send(ask, 4, MPI_UINT64_T, 0, TAG_ASK, MPI_COMM_WORLD);
}

static void finish(optimal_share *sh)
{
    (void)sh;
    uint64_t ask[4] = {ASK_DONE, 0, 0, 0};
    MPI_Send(ask, 4, MPI_UINT64_T, 0, TAG_ASK, MPI_COMM_WORLD);
}

static int add(cb_optimal_opener **all, size_t *n, size_t *cap, const cb_optimal_opener *op)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 1024;
        cb_optimal_opener *na = realloc(*all, nc * sizeof *na);
        if (!na)
            return -1;
        *all = na;
        *cap = nc;
    }
    (*all)[(*n)++] = *op;
    return 0;
}

static int serve(optimal_share *sh, opt_results *res, cb_optimal_opener **all, size_t *n)
{
    size_t cap = 0, next = 0;
    int working = sh->size - 1, rc = 0;
    uint64_t best = UINT64_MAX;
    *all = NULL;
    *n = 0;
    for (size_t i = 0; res && i < res->n; i++) {
        if (add(all, n, &cap, &res->known[i]) != 0)
            rc = -1;
        if (res->known[i].exact && res->known[i].bound < best)
            best = res->known[i].bound;
    }
    while (working > 0) {
        uint64_t ask[4];
        MPI_Status st;
        if (quiet_recv(ask, 4, MPI_UINT64_T, MPI_ANY_SOURCE, TAG_ASK, &st) != 0)
            return -1;
        if (ask[0] == ASK_NEXT) {
            uint64_t give[2] = {next < ask[1] ? next++ : ask[1], best};
            MPI_Send(give, 2, MPI_UINT64_T, st.MPI_SOURCE, TAG_GIVE, MPI_COMM_WORLD);
        } else if (ask[0] == ASK_RESULT) {
            cb_optimal_opener op = {(uint32_t)ask[1], ask[2], (int)ask[3]};
            if (op.exact && op.bound < best)
                best = op.bound;
            if (add(all, n, &cap, &op) != 0)
                rc = -1;
            if (res)
                opt_results_append(&op, res);
        } else
            working--;
    }
    return rc;
}

int main(int argc, char **argv)
{
    int provided, rank, size;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "codebreaker-mpi: MPI could not start\n");
        return 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rc = 2;
    if (argc < 2 || strcmp(argv[1], "optimal") != 0) {
        if (rank == 0)
            fprintf(stderr, "usage: mpirun -np N codebreaker-mpi optimal [OPTIONS] (the options of codebreaker "
                            "optimal)\n");
    } else if (size < 2) {
        if (rank == 0)
            fprintf(stderr, "codebreaker-mpi: needs at least 2 processes (mpirun -np 2 or more): rank 0 "
                            "hands out the openers; use codebreaker optimal for one process\n");
    } else if (cli_cpu_level_env()) {
        rc = 2;
    } else if (provided < MPI_THREAD_SERIALIZED) {
        if (rank == 0)
            fprintf(stderr, "codebreaker-mpi: this MPI does not allow calls from several threads in turn\n");
    } else {
        optimal_share sh = {rank, size, share_known, claim, send_result, finish, serve};
        optimal_shared = &sh;
        cli c;
        rc = cli_parse(&c, &cmd_optimal, argc - 2, argv + 2);
        if (rc == 0)
            rc = cmd_optimal.run(&c);
        else if (rc < 0)
            rc = 0;
        cli_release(&c);
    }
    MPI_Finalize();
    return rc;
}
