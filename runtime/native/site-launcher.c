/*
 * Starts a site's Directus so that CRIU can checkpoint and restore it:
 *  - io_uring_setup fails with ENOSYS (a seccomp filter, inherited by everything it runs), so
 *    Node's libuv falls back to epoll: CRIU cannot dump an io_uring ring;
 *  - the site runs as PID 1 of its own PID namespace, so a restore gets the same PIDs back without
 *    clashing with any other process of the machine.
 * This process stays outside the namespace as the site's parent: it passes SIGTERM, SIGINT and
 * SIGHUP on and exits as the site does. The site has no PR_SET_PDEATHSIG: CRIU would restore it and
 * the restored site would be killed the moment CRIU exits. A site outliving its launcher is found
 * by its environment, like any instance process (runtime/src/processes/process-table.ts).
 *
 * Usage: site-launcher PROGRAM [ARGS...]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t site = 0;

static void pass_on(int signal_number) {
	if (site > 0) kill(site, signal_number);
}

static int deny_io_uring(void) {
	scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
	if (!filter) return -1;
	int failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(io_uring_setup), 0)
		|| seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(io_uring_enter), 0)
		|| seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(io_uring_register), 0)
		|| seccomp_load(filter);
	seccomp_release(filter);
	return failed ? -1 : 0;
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: %s PROGRAM [ARGS...]\n", argv[0]);
		return 64;
	}
	if (deny_io_uring() != 0) {
		fprintf(stderr, "site-launcher: could not install the seccomp filter\n");
		return 70;
	}
	if (unshare(CLONE_NEWPID) != 0) {
		fprintf(stderr, "site-launcher: unshare(CLONE_NEWPID): %s\n", strerror(errno));
		return 71;
	}
	pid_t child = fork();
	if (child < 0) {
		fprintf(stderr, "site-launcher: fork: %s\n", strerror(errno));
		return 71;
	}
	if (child == 0) {
		// Its own session: CRIU restores a tree whose session and group lie inside it.
		setsid();
		execvp(argv[1], argv + 1);
		fprintf(stderr, "site-launcher: exec %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	site = child;
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = pass_on;
	sigaction(SIGTERM, &action, NULL);
	sigaction(SIGINT, &action, NULL);
	sigaction(SIGHUP, &action, NULL);
	int status;
	while (waitpid(child, &status, 0) < 0) {
		if (errno != EINTR) return 71;
	}
	if (WIFEXITED(status)) return WEXITSTATUS(status);
	// Ends the same way the site did, so the runtime sees the signal.
	signal(WTERMSIG(status), SIG_DFL);
	raise(WTERMSIG(status));
	return 128 + WTERMSIG(status);
}
