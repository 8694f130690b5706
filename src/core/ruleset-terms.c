/*
 * ruleset-terms.c - the words a ruleset speaks on the screen: what it
 * calls the engine's concepts (`terms`: the disordered condition, the
 * marker ahead of a moving unit, the rider with an order...) and the rule
 * number the interface cites for each topic (`cite`: landscape, speeds,
 * break point, charges...).
 *
 * Both tables are optional, key by key, and this file holds no ruleset's
 * words: a term left out reads as a neutral English word (terms[] below),
 * a topic left out is cited under no number at all.  Each ruleset's own
 * words live in its data file, so that the interface shows a second
 * ruleset in its own terms without a change to src/ui or src/cli.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

#define TERM_LEN_MAX	40	/* a word or two */

/* Keys of `terms`, and the neutral word for each when left out. */
static const struct {
	const char	*key;
	const char	*neutral;
} terms[RULESET_TERM_COUNT] = {
	[RULESET_TERM_MOB] = { "mob", "disordered unit" },
	[RULESET_TERM_MOBS] = { "mobs", "Disordered" },
	[RULESET_TERM_COLONEL] = { "colonel", "leader" },
	[RULESET_TERM_AIDE] = { "aide", "messenger" },
	[RULESET_TERM_PE] = { "pe", "slowing" },
	[RULESET_TERM_PR] = { "pr", "entry" },
	[RULESET_TERM_SQUARE] = { "square", "target" },
	[RULESET_TERM_DISPERSED] = { "dispersed", "Dispersed" },
};

/* Keys of `cite`. */
static const char *const topics[RULESET_TOPIC_COUNT] = {
	[RULESET_TOPIC_COLONEL] = "colonel",
	[RULESET_TOPIC_AIDE] = "aide",
	[RULESET_TOPIC_ROUT_TRACK] = "rout_track",
	[RULESET_TOPIC_LANDSCAPE] = "landscape",
	[RULESET_TOPIC_OBSTACLES] = "obstacles",
	[RULESET_TOPIC_SPEEDS] = "speeds",
	[RULESET_TOPIC_GROUP_MOVE] = "group_move",
	[RULESET_TOPIC_BREAK] = "break_point",
	[RULESET_TOPIC_OBJECTIVES] = "objectives",
	[RULESET_TOPIC_CHARGE] = "charge",
	[RULESET_TOPIC_CHARGE_TEST] = "charge_test",
	[RULESET_TOPIC_CHARGE_SQUARE] = "charge_square",
	[RULESET_TOPIC_MELEE] = "melee",
	[RULESET_TOPIC_GENERAL_RIDE] = "general_ride",
	[RULESET_TOPIC_ORDER] = "order",
	[RULESET_TOPIC_AIDE_ARRIVES] = "aide_arrives",
	[RULESET_TOPIC_AIDE_LOST] = "aide_lost",
	[RULESET_TOPIC_NO_DELAY] = "no_delay",
	[RULESET_TOPIC_CHARGE_REACH] = "charge_reach",
	[RULESET_TOPIC_CONTACT] = "contact",
};

/* A cited rule: letters, digits, '.' and '-' ("3.6.5", "H3", "HO.2"). */
static bool
cite_ok(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '.' && *s != '-')
			return false;
	return true;
}

/* Read one of the two maps: out[i] for the key names[i]; rules: the
 * values are rule numbers. */
static int
load_map(const struct doc_node *root, const char *what,
    const char *const *names, int count, bool rules, char **out,
    struct diags *d)
{
	const char *keys[RULESET_TERM_COUNT + RULESET_TOPIC_COUNT + 1];
	const struct doc_node *n = doc_get(root, what), *v;
	const char *s;
	int i, bad = 0;

	if (n == NULL)
		return 0;
	if (doc_expect(n, DOC_MAP, what, d) != 0)
		return -1;
	for (i = 0; i < count; i++)
		keys[i] = names[i];
	keys[count] = NULL;
	if (doc_check_keys(n, keys, d) != 0)
		return -1;
	for (i = 0; i < count; i++) {
		if ((v = doc_get(n, names[i])) == NULL)
			continue;
		if (doc_str(v, rules ? EVENT_RULE_MAX - 1 : TERM_LEN_MAX, &s,
		    d) != 0) {
			bad = -1;
			continue;
		}
		if (rules && !cite_ok(s)) {
			diags_add(d, v->pos, "'%.32s' is not a rule number "
			    "(letters, digits, '.' and '-': 3.6.5, H3)", s);
			bad = -1;
			continue;
		}
		out[i] = xstrdup(s);
	}
	return bad;
}

int
ruleset_terms_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	const char *names[RULESET_TERM_COUNT];
	int i, bad = 0;

	for (i = 0; i < RULESET_TERM_COUNT; i++)
		names[i] = terms[i].key;
	if (load_map(root, "terms", names, RULESET_TERM_COUNT, false,
	    rs->terms, d) != 0)
		bad = -1;
	if (load_map(root, "cite", topics, RULESET_TOPIC_COUNT, true,
	    rs->cites, d) != 0)
		bad = -1;
	return bad;
}

void
ruleset_terms_free(struct ruleset *rs)
{
	int i;

	for (i = 0; i < RULESET_TERM_COUNT; i++)
		free(rs->terms[i]);
	for (i = 0; i < RULESET_TOPIC_COUNT; i++)
		free(rs->cites[i]);
}

const char *
ruleset_term(const struct ruleset *rs, enum ruleset_term t)
{
	if (rs == NULL || (unsigned)t >= RULESET_TERM_COUNT)
		return NULL;
	return rs->terms[t];
}

const char *
ruleset_word(const struct ruleset *rs, enum ruleset_term t)
{
	const char *w = ruleset_term(rs, t);

	if (w != NULL)
		return w;
	return (unsigned)t < RULESET_TERM_COUNT ? terms[t].neutral : "?";
}

const char *
ruleset_cite(const struct ruleset *rs, enum ruleset_topic t)
{
	if (rs == NULL || (unsigned)t >= RULESET_TOPIC_COUNT)
		return NULL;
	return rs->cites[t];
}

const char *
ruleset_cite_fmt(const struct ruleset *rs, enum ruleset_topic t,
    const char *tmpl, unsigned flags, char *buf, size_t len)
{
	const char *rule = ruleset_cite(rs, t), *at;
	char num[EVENT_RULE_MAX + 32];
	bool own;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (rule == NULL || (at = strstr(tmpl, "%s")) == NULL)
		return buf;
	own = ruleset_rule_own(rs, rule);
	snprintf(num, sizeof num, "%s%s%s", rule,
	    (flags & RULESET_CITE_MARK) && own ? RULESET_OWN_MARK : "",
	    (flags & RULESET_CITE_OWN) && own ? ", marshal's own rule" : "");
	snprintf(buf, len, "%.*s%s%s", (int)(at - tmpl), tmpl, num, at + 2);
	return buf;
}

const char *
ruleset_article(const char *word)
{
	return word != NULL && strchr("aeiouAEIOU", word[0]) != NULL &&
	    word[0] != '\0' ? "an" : "a";
}

/* The index of name (n bytes) in names[count], or -1. */
static int
find_key(const char *const *names, int count, const char *name, size_t n)
{
	int i;

	for (i = 0; i < count; i++)
		if (strlen(names[i]) == n && strncmp(names[i], name, n) == 0)
			return i;
	return -1;
}

/* Append s to buf (used bytes of len), as much as fits. */
static void
append(char *buf, size_t len, size_t *used, const char *s, size_t n)
{
	while (n-- > 0 && *s != '\0' && *used + 1 < len)
		buf[(*used)++] = *s++;
}

const char *
ruleset_expand(const struct ruleset *rs, const char *tmpl, char *buf,
    size_t len)
{
	const char *names[RULESET_TERM_COUNT], *p, *end, *add;
	char cite[EVENT_RULE_MAX + 8];
	size_t used = 0;
	int i;

	if (len == 0)
		return buf;
	for (i = 0; i < RULESET_TERM_COUNT; i++)
		names[i] = terms[i].key;
	for (p = tmpl; *p != '\0'; p++) {
		add = NULL;
		if (*p == '{' && (end = strchr(p, '}')) != NULL) {
			if (p[1] == '@' && (i = find_key(topics,
			    RULESET_TOPIC_COUNT, p + 2,
			    (size_t)(end - p - 2))) >= 0)
				add = ruleset_cite_fmt(rs, i, " (%s)", 0, cite,
				    sizeof cite);
			else if ((i = find_key(names, RULESET_TERM_COUNT,
			    p + 1, (size_t)(end - p - 1))) >= 0)
				add = ruleset_word(rs, i);
		}
		if (add != NULL) {
			append(buf, len, &used, add, strlen(add));
			p = end;
		} else
			append(buf, len, &used, p, 1);
	}
	buf[used] = '\0';
	return buf;
}
