module indexstore

go 1.26.0

require (
	github.com/RoaringBitmap/roaring/v2 v2.30.0
	go.etcd.io/bbolt v1.5.0
	urg v0.0.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace urg => ../..
