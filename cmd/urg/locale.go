package main

import "strings"

// utf8Locale says whether the locale the environment names for characters
// has UTF-8 as its codeset: the first of LC_ALL, LC_CTYPE and LANG that is
// set, read as setlocale reads them (language_TERRITORY.CODESET@modifier).
// grep then counts characters and holds invalid UTF-8 for binary; in any
// other locale, as in C, it counts bytes. The name alone decides: a UTF-8
// locale that is not installed still means UTF-8 text to the user.
func utf8Locale(getenv func(string) string) bool {
	_, codeset, _ := strings.Cut(localeFor(getenv, "LC_CTYPE"), ".")
	codeset, _, _ = strings.Cut(codeset, "@")
	return strings.ToLower(strings.ReplaceAll(codeset, "-", "")) == "utf8"
}

// localeFor is the locale the environment names for category: LC_ALL,
// else the category's variable, else LANG, the first that is set, as
// setlocale reads them; "" when none is.
func localeFor(getenv func(string) string, category string) string {
	for _, k := range []string{"LC_ALL", category, "LANG"} {
		if v := getenv(k); v != "" {
			return v
		}
	}
	return ""
}

// collation is the locale the environment names for collation (the
// first of LC_ALL, LC_COLLATE and LANG that is set) as a BCP 47 tag
// ("en-US" for en_US.UTF-8), whose equivalence classes -G and -E follow;
// "" for C, POSIX and C.UTF-8, which order by code point.
func collation(getenv func(string) string) string {
	name, _, _ := strings.Cut(localeFor(getenv, "LC_COLLATE"), ".")
	name, _, _ = strings.Cut(name, "@")
	if name == "C" || name == "POSIX" || name == "" {
		return ""
	}
	return strings.ReplaceAll(name, "_", "-")
}

// charset says, for --stats, how patterns and text are read.
func charset(utf8 bool) string {
	if utf8 {
		return "characters: UTF-8 (from LC_ALL, LC_CTYPE or LANG); a byte that is not UTF-8 matches nothing, -i folds Unicode's case"
	}
	return "bytes: every byte is a character (LC_ALL, LC_CTYPE and LANG name no UTF-8 locale); -i folds ASCII letters"
}
