function main (asm, 112 bytes)
    00000  jmp 000000000000003Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 6: load
    0000c  lea rax,[rsi+1]
    00014  cmp rax,8
    0001b  jae 000000000000002Dh
    00021  mov rsi,[r14+rax*8]
; line 7: ret
    00025  mov rax,rsi
    00028  mov rsp,rbp
    0002b  pop rbp
    0002c  ret
; trap: memory access out of bounds at line 6
    0002d  xor edx,edx
    0002f  jmp qword ptr [60h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    00035  mov rsp,[r15+28h]
    00039  ret
; external entry (from the interpreter)
    0003a  mov rax,ADDR
    00044  mov rcx,ADDR
    0004e  lea r11,[8]
    00055  jmp qword ptr [68h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00060  dq ADDR  ; glue: memory access out of bounds through jit_trap
    00068  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

