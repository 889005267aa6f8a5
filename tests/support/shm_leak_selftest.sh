#!/bin/sh
# Runs expect_run ($1) on a command that leaves an entry in /dev/shm, prints expect_run's
# diagnosis and removes the entry again, so the self-test leaves nothing behind itself.
name="expect_run_selftest_$$"
"$1" -- sh -c "touch /dev/shm/$name"
status=$?
rm -f "/dev/shm/$name"
exit $status
