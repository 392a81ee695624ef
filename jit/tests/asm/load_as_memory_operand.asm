function main (asm, 176 bytes)
    00000  jmp 000000000000007Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 7: load
    0000c  cmp rsi,7
    00013  jae 0000000000000034h
; line 8: mul
    00019  imul rdi,[r14+rsi*8]
; line 9: load
    0001e  mov rsi,[r14+rsi*8+8]
; line 10: add
    00026  add rsi,rsi
; line 11: add
    00029  add rsi,rdi
; line 12: ret
    0002c  mov rax,rsi
    0002f  mov rsp,rbp
    00032  pop rbp
    00033  ret
; cells off a base past their check: find the first outside
    00034  lea rcx,[rsi]
    0003c  cmp rcx,8
    00043  jae 0000000000000063h
    00049  lea rcx,[rsi+1]
    00051  cmp rcx,8
    00058  jae 000000000000006Bh
    0005e  jmp 000000000000006Bh
; trap: memory access out of bounds at line 7
    00063  xor edx,edx
    00065  jmp qword ptr [0A0h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 9
    0006b  mov edx,2
    00070  jmp qword ptr [0A0h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    00076  mov rsp,[r15+28h]
    0007a  ret
; external entry (from the interpreter)
    0007b  mov rax,ADDR
    00085  mov rcx,ADDR
    0008f  lea r11,[8]
    00096  jmp qword ptr [0A8h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    000a0  dq ADDR  ; glue: memory access out of bounds through jit_trap
    000a8  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

