package main

import "strings"

// utf8Locale says whether the locale the environment names for characters
// has UTF-8 as its codeset: the first of LC_ALL, LC_CTYPE and LANG that is
// set, read as setlocale reads them (language_TERRITORY.CODESET@modifier).
// grep then counts characters and holds invalid UTF-8 for binary; in any
// other locale, as in C, it counts bytes. The name alone decides: a UTF-8
// locale that is not installed still means UTF-8 text to the user.
func utf8Locale(getenv func(string) string) bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		v := getenv(k)
		if v == "" {
			continue
		}
		_, codeset, _ := strings.Cut(v, ".")
		codeset, _, _ = strings.Cut(codeset, "@")
		codeset = strings.ToLower(strings.ReplaceAll(codeset, "-", ""))
		return codeset == "utf8"
	}
	return false
}

// charset says, for --stats, how patterns and text are read.
func charset(utf8 bool) string {
	if utf8 {
		return "characters: UTF-8 (from LC_ALL, LC_CTYPE or LANG); a byte that is not UTF-8 matches nothing, -i folds Unicode's case"
	}
	return "bytes: every byte is a character (LC_ALL, LC_CTYPE and LANG name no UTF-8 locale); -i folds ASCII letters"
}
