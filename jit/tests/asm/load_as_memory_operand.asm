function main (asm, 184 bytes)
    00000  jmp 0000000000000082h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 7: load
    00013  cmp rsi,7
    0001a  jae 000000000000003Bh
; line 8: mul
    00020  imul rdi,[r14+rsi*8]
; line 9: load
    00025  mov rsi,[r14+rsi*8+8]
; line 10: add
    0002d  add rsi,rsi
; line 11: add
    00030  add rsi,rdi
; line 12: ret
    00033  mov rax,rsi
    00036  mov rsp,rbp
    00039  pop rbp
    0003a  ret
; a group's span out of bounds: find the member
    0003b  lea rcx,[rsi]
    00043  cmp rcx,8
    0004a  jae 000000000000006Ah
    00050  lea rcx,[rsi+1]
    00058  cmp rcx,8
    0005f  jae 0000000000000072h
    00065  jmp 0000000000000072h
; trap: memory access out of bounds at line 7
    0006a  xor edx,edx
    0006c  jmp qword ptr [0A8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 9
    00072  mov edx,2
    00077  jmp qword ptr [0A8h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0007d  mov rsp,[r15+28h]
    00081  ret
; external entry (from the interpreter)
    00082  mov rax,ADDR
    0008c  mov rcx,ADDR
    00096  lea r11,[8]
    0009d  jmp qword ptr [0B0h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    000a8  dq ADDR  ; glue: memory access out of bounds through jit_trap
    000b0  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

