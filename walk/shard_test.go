package walk

import "testing"

// TestShardPinned: the shard a path falls in never changes between
// versions, or hosts running two of them would split a tree differently.
func TestShardPinned(t *testing.T) {
	for key, k := range map[string]int{"a.txt": 1, "dir/c.go": 3, "src/os/file.go": 5} {
		for j := 1; j <= 7; j++ {
			if got := (Shard{K: j, N: 7}).Holds(key); got != (j == k) {
				t.Errorf("shard %d/7 holds %s: %v, want it in %d/7 only", j, key, got, k)
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("3/7"); err != nil || s != (Shard{3, 7}) {
		t.Errorf("3/7: %v %v", s, err)
	}
	for _, bad := range []string{"0/3", "4/3", "1/0", "0/0", "-1/3", "x", "1/2/3", "/", "1/", "a/b"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
