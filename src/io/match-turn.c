/*
 * match-turn.c - a shared game's turn: the game replayed from its
 * recording, a side's orders sent (or kept as a draft), and the turn
 * played once, by whichever marshal finds every side's orders in.  See
 * match.h.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/decide.h"
#include "io/match.h"
#include "io/match-priv.h"
#include "io/save.h"
#include "util/xalloc.h"

struct game *
match_game(struct match *m, const char *path, const char *datadir,
    struct ruleset **rs_out, struct replay **rec_out, struct diags *d)
{
	struct replay *r;
	struct game *g;
	uint64_t digest;

	*rs_out = NULL;
	if (rec_out != NULL)
		*rec_out = NULL;
	if ((r = match_record_read(m->dirfd, m->dir, RECORD, d)) == NULL) {
		if (!diags_failed(d))
			diags_add(d, (struct pos){ m->dir, 0, 0 },
			    "the game's recording is missing");
		return NULL;
	}
	if (r->inline_scenario != NULL) {
		diags_add(d, (struct pos){ r->path, 0, 0 }, "a shared game "
		    "names its scenario by match.yaml only");
		replay_free(r);
		return NULL;
	}
	/* Whatever the file says, the scenario is match.yaml's bundled
	 * one: no path in the shared directory is ever opened. */
	free(r->scenario);
	r->scenario = xstrdup(path);
	if ((g = replay_start(r, datadir, rs_out, d)) == NULL) {
		replay_free(r);
		return NULL;
	}
	if (replay_play(r, g, d) != 0)
		goto bad;
	digest = save_digest(g);
	if (r->has_digest && digest != r->digest) {
		diags_add(d, (struct pos){ r->path, 0, 0 }, "the game does not "
		    "replay to its digest (0x%016llx, the file says "
		    "0x%016llx): it was changed outside marshal",
		    (unsigned long long)digest,
		    (unsigned long long)r->digest);
		goto bad;
	}
	if (rec_out != NULL)
		*rec_out = r;
	else
		replay_free(r);
	return g;
bad:
	game_free(g);
	ruleset_free(*rs_out);
	*rs_out = NULL;
	replay_free(r);
	return NULL;
}

int
match_send(struct match *m, const struct game *g, int s,
    const struct replay *r, bool draft, char **cause)
{
	struct replay shown = *r;
	char file[32], *buf;
	size_t len;
	int lk, rc;

	*cause = NULL;
	if (s < 0 || s >= m->info.nsides) {
		*cause = xstrdup("no such side");
		return -1;
	}
	/* The orders of the turn after the last played (io/replay.h). */
	shown.turns = g->turn - 1;
	shown.has_digest = false;
	if ((buf = match_record_text(&shown, &len)) == NULL) {
		*cause = xasprintf("%s: %s", m->dir, strerror(errno));
		return -1;
	}
	if ((lk = match_lock(m->dirfd)) == -1) {
		free(buf);
		*cause = xasprintf("%s: cannot take its lock", m->dir);
		return -1;
	}
	match_side_file(file, sizeof file, draft ? "draft" : "orders", s, ".yaml");
	rc = match_put(m->dirfd, m->dir, file, buf, len, cause);
	if (rc == 0 && !draft) {
		match_side_file(file, sizeof file, "draft", s, ".yaml");
		unlinkat(m->dirfd, file, 0);
	}
	close(lk);
	free(buf);
	return rc;
}

struct replay *
match_draft(struct match *m, const struct game *g, int s)
{
	struct replay *r;
	struct diags d;
	char file[32];
	int i;

	match_side_file(file, sizeof file, "draft", s, ".yaml");
	diags_init(&d);
	r = match_record_read(m->dirfd, m->dir, file, &d);
	diags_free(&d);
	if (r == NULL)
		return NULL;
	for (i = 0; i < r->n; i++)
		if (r->v[i].turn != g->turn)
			break;
	if (r->turns != g->turn - 1 || i < r->n) {
		replay_free(r);
		return NULL;
	}
	return r;
}

/* Whether every order of r is for a unit or general of side s of g. */
static bool
own_orders(const struct game *g, const struct replay *r, int s)
{
	int i, k;

	for (i = 0; i < r->n; i++) {
		const struct replay_order *o = &r->v[i];

		if (o->unit != NULL) {
			for (k = 0; k < g->nunits; k++)
				if (strcmp(g->units[k].id, o->unit) == 0)
					break;
			if (k == g->nunits || g->units[k].side != s)
				return false;
		}
		if (o->general != NULL) {
			for (k = 0; k < g->ngenerals; k++)
				if (strcmp(g->generals[k].id, o->general) == 0)
					break;
			if (k == g->ngenerals || g->generals[k].side != s)
				return false;
		}
	}
	return true;
}

/* The recording's ear while a turn is played here. */
static void
settle_order(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/* Remove the temporary files of writes that were killed part way (the
 * lock is held: nobody else is writing them). */
static void
sweep_tmp(int dirfd)
{
	struct dirent *e;
	DIR *dp;
	int fd;

	if ((fd = dup(dirfd)) == -1 || (dp = fdopendir(fd)) == NULL) {
		if (fd != -1)
			close(fd);
		return;
	}
	rewinddir(dp);
	while ((e = readdir(dp)) != NULL)
		if (strstr(e->d_name, ".tmp.") != NULL &&
		    strncmp(e->d_name, "view-", 5) != 0)
			unlinkat(dirfd, e->d_name, 0);
	closedir(dp);
}

int
match_settle(struct match *m, const char *path, const char *datadir,
    time_t now, char **cause)
{
	struct replay *rec = NULL, *o[GAME_MAX_SIDES] = { NULL };
	struct ruleset *rs = NULL;
	struct game *g = NULL;
	struct diags d;
	char file[32], *buf, *lines;
	size_t len;
	bool all = true, late;
	struct decision dv[DECIDE_MAX];
	int lk, s, rc = -1, before;

	*cause = NULL;
	if ((lk = match_lock(m->dirfd)) == -1) {
		*cause = xasprintf("%s: cannot take its lock", m->dir);
		return -1;
	}
	diags_init(&d);
	sweep_tmp(m->dirfd);
	if (match_info_read(m->dirfd, m->dir, m->info.id, &m->info) != 0) {
		*cause = xasprintf("the game %s does not read", m->info.id);
		goto out;
	}
	late = m->info.deadline > 0 && m->info.due > 0 && now >= m->info.due;
	for (s = 0; s < m->info.nsides && !m->info.sent[s]; s++)
		;
	if (m->info.over || (s == m->info.nsides && !late)) {
		rc = 0;		/* nothing sent: nothing to play */
		goto out;
	}
	if ((g = match_game(m, path, datadir, &rs, &rec, &d)) == NULL)
		goto bad;
	before = g->turn;
	for (s = 0; s < m->info.nsides; s++) {
		match_side_file(file, sizeof file, "orders", s, ".yaml");
		o[s] = match_record_read(m->dirfd, m->dir, file, &d);
		if (o[s] == NULL && diags_failed(&d))
			goto bad;
		if (o[s] != NULL && o[s]->turns != rec->turns) {
			/* Sent for a turn played already: a marshal was
			 * stopped between the recording and the clean-up. */
			replay_free(o[s]);
			o[s] = NULL;
			unlinkat(m->dirfd, file, 0);
		}
		if (o[s] != NULL && !own_orders(g, o[s], s)) {
			diags_add(&d, (struct pos){ o[s]->path, 0, 0 },
			    "orders for units that are not side %d's", s + 1);
			goto bad;
		}
		if (o[s] == NULL)
			all = false;
	}
	/* Nothing is played before every side has its player, whichever
	 * side the offer kept. */
	for (s = 0; s < m->info.nsides && m->info.player[s][0] != '\0'; s++)
		;
	if (game_over(g) || (!all && !late) || s < m->info.nsides) {
		m->info.over = game_over(g);
		rc = 0;
		goto out;
	}
	/* The turn, its orders side by side in side order, recorded as they
	 * are given: the same path as every other order. */
	g->on_order = settle_order;
	g->on_order_arg = rec;
	for (s = 0; s < m->info.nsides; s++)
		if (o[s] != NULL && replay_give(o[s], g, &d) != 0)
			goto bad;
	g->on_order = NULL;
	for (s = 0; s < m->info.nsides && g->turn == before && !game_over(g);
	    s++)
		if (game_asks(g, s))
			game_decided(g, s);
	/* What the rules ask within the turn is answered by the units'
	 * standing orders: a shared game takes no answer between turns. */
	while (g->turn == before && !game_over(g) &&
	    game_decisions(g, dv, DECIDE_MAX) > 0 && dv[0].phase >= 0)
		if (game_decided(g, dv[0].side) != 0)
			break;
	if (g->turn == before && !game_over(g)) {
		*cause = xstrdup("the turn did not play: its sides were not "
		    "asked for orders");
		goto out;
	}
	rec->turns = before;
	rec->digest = save_digest(g);
	rec->has_digest = true;
	if ((buf = match_record_text(rec, &len)) == NULL) {
		*cause = xasprintf("%s: %s", m->dir, strerror(errno));
		goto out;
	}
	rc = match_put(m->dirfd, m->dir, RECORD, buf, len, cause);
	free(buf);
	if (rc != 0)
		goto out;
	m->info.played = before;
	m->info.over = game_over(g);
	m->info.due = m->info.deadline > 0 ? now +
	    (time_t)m->info.deadline * 60 : 0;
	if (match_meta_write(m->dirfd, m->dir, &m->info, cause) != 0) {
		/* The turn stands (the recording has it); only the clock
		 * is behind. */
		free(*cause);
		*cause = NULL;
	}
	for (s = 0; s < m->info.nsides; s++) {
		match_side_file(file, sizeof file, "orders", s, ".yaml");
		unlinkat(m->dirfd, file, 0);
		match_side_file(file, sizeof file, "draft", s, ".yaml");
		unlinkat(m->dirfd, file, 0);
		m->info.sent[s] = false;
	}
	rc = 1;
	goto out;
bad:
	lines = diags_lines(&d, 3);
	*cause = xasprintf("%s", lines);
	free(lines);
	rc = -1;
out:
	for (s = 0; s < GAME_MAX_SIDES; s++)
		replay_free(o[s]);
	replay_free(rec);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	close(lk);
	return rc;
}
