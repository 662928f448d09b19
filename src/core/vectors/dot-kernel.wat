;; One dot product per stored vector, with WebAssembly SIMD: pair-dot-kernel.wat for a scan with a single probe (a
;; search's query), which would otherwise compute the same sum twice. Built into dot-wasm.ts by `npm run build:wasm`;
;; see dot-kernel.ts for how it is used.
;;
;; For each of `count` vectors of `dims` float32 values laid out back to back at `vecs`, it writes probe · v as a
;; float64 to `out`, with the sums of pair-dot-kernel.wat: every product and sum in float64, one running sum per
;; position modulo 4, the four sums added left to right. So its score is bit for bit pairDot's with both probes the
;; same. `dims` must be a multiple of 4.
(module
  (memory (export "memory") 1)
  (func (export "dot") (param $vecs i32) (param $count i32) (param $dims i32) (param $probe i32) (param $out i32)
    (local $k i32) (local $at i32) (local $row i32) (local $rowBytes i32)
    (local $s01 v128) (local $s23 v128) (local $x v128) (local $p v128)
    (local.set $rowBytes (i32.shl (local.get $dims) (i32.const 2)))
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $vecs) (i32.mul (local.get $k) (local.get $rowBytes))))
        (local.set $s01 (v128.const f64x2 0 0))
        (local.set $s23 (v128.const f64x2 0 0))
        (local.set $at (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $at) (local.get $rowBytes)))
            (local.set $x (v128.load (i32.add (local.get $row) (local.get $at))))
            (local.set $p (v128.load (i32.add (local.get $probe) (local.get $at))))
            (local.set $s01 (f64x2.add (local.get $s01)
              (f64x2.mul (f64x2.promote_low_f32x4 (local.get $p)) (f64x2.promote_low_f32x4 (local.get $x)))))
            ;; The upper two float32 lanes moved down, so that promote_low widens them.
            (local.set $s23 (f64x2.add (local.get $s23)
              (f64x2.mul
                (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $p) (local.get $p)))
                (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x))))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $cols)))
        (f64.store
          (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3)))
          (f64.add (f64.add (f64.add (f64x2.extract_lane 0 (local.get $s01)) (f64x2.extract_lane 1 (local.get $s01)))
                            (f64x2.extract_lane 0 (local.get $s23)))
                   (f64x2.extract_lane 1 (local.get $s23))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))
)
