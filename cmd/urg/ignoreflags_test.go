package main

// ignoreCases try every flag of the ignore unit.
func ignoreCases() []flagCase {
	pair := func(get func(*ignoreFlags) int, no, yes string) []flagCase {
		return []flagCase{
			{[]string{"--" + no, "x"}, func(o *options) bool { return get(&o.ign) == -1 }, ""},
			{[]string{"--" + no, "--" + yes, "x"}, func(o *options) bool { return get(&o.ign) == +1 }, ""},
		}
	}
	cases := []flagCase{
		{[]string{"--ignore", "x"}, func(o *options) bool { return o.ign.filter && o.walk.Ignore != nil && o.walk.NoHidden }, ""},
		{[]string{"--ignore", "--no-ignore", "x"}, func(o *options) bool { return o.walk.Ignore == nil && o.walk.NoHidden }, ""},
		{[]string{"-u", "x"}, func(o *options) bool { return o.ign.ignore == -1 && o.ign.unrestricted == 1 }, ""},
		{[]string{"--unrestricted", "-u", "x"}, func(o *options) bool { return o.ign.hidden == +1 && o.ign.unrestricted == 2 }, ""},
		{[]string{"--ignore-file=/dev/null", "x"}, func(o *options) bool { return o.walk.Ignore != nil }, ""},
		{[]string{"--ignore-file=/nonexistent/ignore", "x"}, nil, "/nonexistent/ignore"},
		{[]string{"--ignore", "--hidden", "x"}, func(o *options) bool { return !o.walk.NoHidden }, ""},
		{[]string{"--no-hidden", "x"}, func(o *options) bool { return o.walk.NoHidden }, ""},
		{[]string{"--one-file-system", "x"}, func(o *options) bool { return o.walk.OneFileSystem }, ""},
		{[]string{"--one-file-system", "--no-one-file-system", "x"}, func(o *options) bool { return !o.walk.OneFileSystem }, ""},
	}
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.vcs }, "no-ignore-vcs", "ignore-vcs")...)
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.dot }, "no-ignore-dot", "ignore-dot")...)
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.parent }, "no-ignore-parent", "ignore-parent")...)
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.global }, "no-ignore-global", "ignore-global")...)
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.exclude }, "no-ignore-exclude", "ignore-exclude")...)
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.files }, "no-ignore-files", "ignore-files")...)
	cases = append(cases, pair(func(f *ignoreFlags) int { return f.requireGit }, "no-require-git", "require-git")...)
	return cases
}
