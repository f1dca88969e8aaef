package prefilter

// byteShare is how often each byte occurs, in occurrences per 100,000
// bytes, at the most of three samples: Go source (GOROOT's .go files),
// C source (Linux's drivers/) and English prose (licences and package
// documentation), counted once and written here; a byte never seen
// counts 1. Taking the most of the three keeps a needle off a byte that
// is rare in one language and everywhere in another: '_' is a byte in
// 200 of Go source but one in 21 of the kernel's C. Unlike byteRank's
// order, shares add up, so a folded letter costs its two cases' sum.
var byteShare = [256]uint16{
	111, 65, 74, 70, 66, 65, 72, 71, 72, 4799, 3671, 68, 71, 68, 70, 66,
	71, 67, 72, 66, 71, 71, 73, 76, 63, 66, 69, 67, 68, 68, 70, 81,
	14612, 149, 1042, 165, 145, 127, 246, 195, 1313, 1310, 821, 124, 2364, 1153, 1442, 1299,
	5424, 971, 744, 645, 420, 287, 398, 216, 546, 275, 634, 1201, 113, 976, 704, 69,
	86, 767, 306, 715, 527, 974, 481, 285, 219, 797, 85, 146, 469, 500, 541, 437,
	476, 79, 806, 703, 837, 237, 130, 247, 194, 181, 81, 316, 199, 316, 75, 4782,
	113, 4019, 1024, 2331, 2161, 6880, 1707, 1273, 2256, 4610, 149, 489, 2227, 1479, 3933, 4562,
	1569, 188, 4225, 3650, 5364, 1761, 1011, 784, 1668, 1035, 124, 724, 100, 718, 72, 64,
	113, 65, 72, 70, 60, 68, 66, 68, 70, 75, 68, 74, 68, 75, 71, 76,
	67, 65, 74, 69, 117, 72, 70, 77, 70, 75, 70, 76, 68, 80, 70, 73,
	68, 68, 71, 76, 72, 76, 75, 72, 69, 82, 73, 72, 67, 80, 77, 71,
	66, 69, 71, 77, 65, 74, 80, 73, 67, 75, 81, 68, 70, 74, 73, 68,
	71, 73, 69, 72, 72, 64, 66, 67, 71, 80, 69, 70, 64, 69, 69, 67,
	68, 74, 71, 70, 67, 69, 77, 73, 73, 73, 72, 81, 66, 75, 73, 76,
	67, 65, 131, 73, 68, 70, 71, 76, 68, 76, 76, 76, 67, 75, 66, 72,
	68, 71, 75, 64, 70, 72, 64, 71, 70, 71, 66, 63, 75, 70, 71, 62}

// needleCost is what scanning for byte c costs where a match may hold it
// in either case (fold): the share of the text that stops the scan.
func needleCost(c byte, fold bool) int {
	f := int(byteShare[c])
	if fold && IsLetter(rune(c)) {
		f += int(byteShare[c^0x20])
	}
	return f
}
