function main (asm, 136 bytes)
    00000  jmp 0000000000000050h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 6: load
    0000c  cmp rsi,7
    00013  jae 0000000000000029h
    00019  mov rsi,[r14+rsi*8+8]
; line 7: ret
    00021  mov rax,rsi
    00024  mov rsp,rbp
    00027  pop rbp
    00028  ret
; cells off a base past their check: find the first outside
    00029  lea rcx,[rsi+1]
    00031  cmp rcx,8
    00038  jae 0000000000000043h
    0003e  jmp 0000000000000019h
; trap: memory access out of bounds at line 6
    00043  xor edx,edx
    00045  jmp qword ptr [78h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0004b  mov rsp,[r15+28h]
    0004f  ret
; external entry (from the interpreter)
    00050  mov rax,ADDR
    0005a  mov rcx,ADDR
    00064  lea r11,[8]
    0006b  jmp qword ptr [80h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00078  dq ADDR  ; glue: memory access out of bounds through jit_trap
    00080  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

