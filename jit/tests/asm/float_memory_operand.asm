function main (asm, 256 bytes)
    00000  jmp 00000000000000C8h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: itof
    00013  xorps xmm2,xmm2
    00017  cvtsi2sd xmm2,rdi
; line 7: load
    0001c  cmp rsi,7
    00023  jae 000000000000007Eh
; line 8: fsub
    00029  subsd xmm2,[r14+rsi*8]
; line 9: load
    0002f  mov rsi,[r14+rsi*8+8]
; line 10: and
    00037  test rdi,rsi
    0003a  jne 0000000000000073h
; line 12: fprint
    00040  movq rax,xmm2
    00045  mov rsi,rax
    00048  mov ecx,6
    0004d  mov edx,3
    00052  mov rdi,[r15+30h]
    00056  mov rax,ADDR
    00060  push r10
    00062  push r11
    00064  call rax  ; jit_fprint
    00066  pop r11
    00068  pop r10
    0006a  test rdx,rdx
    0006d  jne 00000000000000C3h
; line 14: ret
    00073  mov eax,0
    00079  mov rsp,rbp
    0007c  pop rbp
    0007d  ret
; a group's span out of bounds: find the member
    0007e  lea rcx,[rsi]
    00086  cmp rcx,8
    0008d  jae 00000000000000ADh
    00093  lea rcx,[rsi+1]
    0009b  cmp rcx,8
    000a2  jae 00000000000000B8h
    000a8  jmp 00000000000000B8h
; trap: memory access out of bounds at line 7
    000ad  mov edx,1
    000b2  jmp qword ptr [0F0h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 9
    000b8  mov edx,3
    000bd  jmp qword ptr [0F0h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    000c3  mov rsp,[r15+28h]
    000c7  ret
; external entry (from the interpreter)
    000c8  mov rax,ADDR
    000d2  mov rcx,ADDR
    000dc  lea r11,[8]
    000e3  jmp qword ptr [0F8h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    000f0  dq ADDR  ; glue: memory access out of bounds through jit_trap
    000f8  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

