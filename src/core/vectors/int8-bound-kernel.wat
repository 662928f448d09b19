;; Integer dot products of int8 rows with two int16 probes, with WebAssembly SIMD: the cheap first pass of the related
;; scan (int8-prefilter.ts). Built into int8-bound-wasm.ts by `npm run build:wasm`.
;;
;; For each of `count` rows of `dims` int8 codes laid back to back at `codes`, `int8Bound` writes two int32 values to
;; `out` (8 bytes a row): probeA · c and probeB · c. Integer arithmetic is exact, so what is approximate is only the
;; probes' rounding to int16, which the caller bounds. `dims` must be a multiple of 16, and the caller keeps |probe|
;; small enough that dims × 127 × max|probe| fits in an int32.
;;
;; Rows go two at a time, each probe vector loaded once for both: about a fifth less CPU than one row at a time
;; (a pass over 1,024 rows of 768 codes, 101 → 79 µs at best, load 13 on 2 cores). Integer sums are exact, so the
;; order of the additions changes nothing.
;;
;; Each step also loads (and drops) 16 bytes 4 KB ahead of the rows it scores: WebAssembly has no prefetch, and
;; without it a pass over codes that are not in the cache waited on memory for each line (148,000 rows of 768 codes
;; read in place: 18–20 ms, with it 6–7 ms; copying them into a small buffer first and scoring them there: 11–12 ms).
;; So the memory must hold 4,096 readable bytes past the last row (`KERNEL_AHEAD`): the callers keep that much spare.
(module
  (memory (export "memory") 1)
  (func $hsum (param $v v128) (result i32)
    (i32.add (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
             (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))
  (func (export "int8Bound") (param $codes i32) (param $count i32) (param $dims i32)
    (param $probeA i32) (param $probeB i32) (param $out i32)
    (local $k i32) (local $row i32) (local $row2 i32) (local $i i32) (local $p i32) (local $o i32)
    (local $v v128) (local $lo v128) (local $hi v128) (local $a v128) (local $b v128)
    (local $a2 v128) (local $b2 v128) (local $pa0 v128) (local $pa1 v128) (local $pb0 v128) (local $pb1 v128)
    (local $ahead i32)
    ;; Two rows a step: each probe vector is loaded once for both.
    (block $pairs_done
      (loop $pairs
        (br_if $pairs_done (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $count)))
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $row2 (i32.add (local.get $row) (local.get $dims)))
        (local.set $ahead (i32.add (local.get $row) (i32.const 4096)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $b (v128.const i32x4 0 0 0 0))
        (local.set $a2 (v128.const i32x4 0 0 0 0))
        (local.set $b2 (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $p (i32.shl (local.get $i) (i32.const 1)))
            ;; The two rows' bytes are 2 × dims: one 16-byte load ahead per 32 bytes scored covers them.
            (drop (v128.load (i32.add (local.get $ahead) (local.get $p))))
            (local.set $pa0 (v128.load (i32.add (local.get $probeA) (local.get $p))))
            (local.set $pa1 (v128.load offset=16 (i32.add (local.get $probeA) (local.get $p))))
            (local.set $pb0 (v128.load (i32.add (local.get $probeB) (local.get $p))))
            (local.set $pb1 (v128.load offset=16 (i32.add (local.get $probeB) (local.get $p))))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
            (local.set $a (i32x4.add (local.get $a) (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (local.get $pa0)) (i32x4.dot_i16x8_s (local.get $hi) (local.get $pa1)))))
            (local.set $b (i32x4.add (local.get $b) (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (local.get $pb0)) (i32x4.dot_i16x8_s (local.get $hi) (local.get $pb1)))))
            (local.set $v (v128.load (i32.add (local.get $row2) (local.get $i))))
            (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
            (local.set $a2 (i32x4.add (local.get $a2) (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (local.get $pa0)) (i32x4.dot_i16x8_s (local.get $hi) (local.get $pa1)))))
            (local.set $b2 (i32x4.add (local.get $b2) (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (local.get $pb0)) (i32x4.dot_i16x8_s (local.get $hi) (local.get $pb1)))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $cols)))
        (local.set $o (i32.add (local.get $out) (i32.mul (local.get $k) (i32.const 8))))
        (i32.store (local.get $o) (call $hsum (local.get $a)))
        (i32.store offset=4 (local.get $o) (call $hsum (local.get $b)))
        (i32.store offset=8 (local.get $o) (call $hsum (local.get $a2)))
        (i32.store offset=12 (local.get $o) (call $hsum (local.get $b2)))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
    ;; An odd last row alone.
    (if (i32.lt_u (local.get $k) (local.get $count))
      (then
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $b (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
            (local.set $p (i32.shl (local.get $i) (i32.const 1)))
            (local.set $a (i32x4.add (local.get $a)
              (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $probeA) (local.get $p))))
                         (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (i32.add (local.get $probeA) (local.get $p)))))))
            (local.set $b (i32x4.add (local.get $b)
              (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $probeB) (local.get $p))))
                         (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (i32.add (local.get $probeB) (local.get $p)))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $cols)))
        (local.set $o (i32.add (local.get $out) (i32.mul (local.get $k) (i32.const 8))))
        (i32.store (local.get $o) (call $hsum (local.get $a)))
        (i32.store offset=4 (local.get $o) (call $hsum (local.get $b)))))
  )
  ;; One probe: `int8Bound1` writes probe · c for each row (4 bytes a row) at `out`. A search has one query vector,
  ;; and giving `int8Bound` the same probe twice spent half its time on a sum thrown away.
  (func (export "int8Bound1") (param $codes i32) (param $count i32) (param $dims i32) (param $probe i32) (param $out i32)
    (local $k i32) (local $row i32) (local $row2 i32) (local $i i32) (local $p i32) (local $o i32)
    (local $v v128) (local $a v128) (local $a2 v128) (local $p0 v128) (local $p1 v128) (local $ahead i32)
    (block $pairs_done
      (loop $pairs
        (br_if $pairs_done (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $count)))
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $row2 (i32.add (local.get $row) (local.get $dims)))
        (local.set $ahead (i32.add (local.get $row) (i32.const 4096)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $a2 (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $p (i32.shl (local.get $i) (i32.const 1)))
            (drop (v128.load (i32.add (local.get $ahead) (local.get $p))))
            (local.set $p0 (v128.load (i32.add (local.get $probe) (local.get $p))))
            (local.set $p1 (v128.load offset=16 (i32.add (local.get $probe) (local.get $p))))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $a (i32x4.add (local.get $a)
              (i32x4.add (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $p0))
                         (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $p1)))))
            (local.set $v (v128.load (i32.add (local.get $row2) (local.get $i))))
            (local.set $a2 (i32x4.add (local.get $a2)
              (i32x4.add (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $p0))
                         (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $p1)))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $cols)))
        (local.set $o (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))))
        (i32.store (local.get $o) (call $hsum (local.get $a)))
        (i32.store offset=4 (local.get $o) (call $hsum (local.get $a2)))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
    (if (i32.lt_u (local.get $k) (local.get $count))
      (then
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $p (i32.shl (local.get $i) (i32.const 1)))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $a (i32x4.add (local.get $a)
              (i32x4.add (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (i32.add (local.get $probe) (local.get $p))))
                         (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (i32.add (local.get $probe) (local.get $p)))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $cols)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))) (call $hsum (local.get $a)))))
  )
;; Sums of squares of int8 rows, exact in integers: for each of `count` rows of `dims` codes at `codes`, writes
;; Σ code² as an i32 to `out` (4 bytes a row). The caller turns a sum into the row's norm (vector-math.ts's
;; `int8NormOf`), so the norm is the same bit for bit whoever summed: integer sums don't depend on the order of the
;; additions. A load takes every saved row's norm (148,000 at 50,000 notes): the earlier kernel, which squared each
;; float32-rounded value in f64 one code at a time to match a JavaScript loop, took 140 ms of a 50,000-note load.
;; `dims` must be a multiple of 16; 127² × dims fits an i32 for any dims below 130,000.
  (func (export "int8SquareSums") (param $codes i32) (param $count i32) (param $dims i32) (param $out i32)
    (local $k i32) (local $row i32) (local $i i32) (local $v v128) (local $lo v128) (local $hi v128) (local $a v128)
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            ;; 4 KB ahead, as the scoring loops do: the rows are read once, straight from memory.
            (drop (v128.load offset=4096 (i32.add (local.get $row) (local.get $i))))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
            (local.set $a (i32x4.add (local.get $a) (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (local.get $lo)) (i32x4.dot_i16x8_s (local.get $hi) (local.get $hi)))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $cols)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))) (call $hsum (local.get $a)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows)))
  )
)
