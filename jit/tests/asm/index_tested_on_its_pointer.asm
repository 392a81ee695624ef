function main (asm, 488 bytes)
    00000  jmp 00000000000001B5h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    00017  mov [rbp-10h],r10
    0001b  mov [rbp-18h],r11
    0001f  mov rbx,rsi
    00022  mov esi,0
    00028  mov r9d,0
    0002e  cmp rsi,rbx
    00031  jge 00000000000000D9h
    00037  test rsi,rsi
    0003a  js 00000000000000D9h
    00040  mov eax,1000h
    00045  cmp rbx,rax
    00048  jg 00000000000000D9h
    0004e  mov rax,rbx
    00051  sub rax,rsi
    00054  jo 00000000000000BEh
    0005a  jg 0000000000000065h
    00060  jmp 00000000000000BEh
    00065  lea rdx,[rax-1]
    0006c  imul rdx,1
    00073  mov rcx,rdi
    00076  cmp rcx,7FFFFFFFh
    0007d  ja 00000000000000D9h
    00083  add rdx,rcx
    00086  cmp rdx,0FFFh
    0008d  jg 00000000000000D9h
    00093  lea rdx,[rax-1]
    0009a  imul rdx,rbx
    0009e  mov rcx,r8
    000a1  cmp rcx,7FFFFFFFh
    000a8  ja 00000000000000D9h
    000ae  add rdx,rcx
    000b1  cmp rdx,0FFFh
    000b8  jg 00000000000000D9h
    000be  cmp rbx,7FFFFFFFh
    000c5  ja 00000000000000D9h
    000cb  neg rsi
    000ce  add rsi,rbx
    000d1  add rsi,rdi
    000d4  jmp 0000000000000179h
; line 12: jge
    000d9  cmp rsi,rbx
    000dc  jge 0000000000000136h
    000e2  nop [rax+rax]
    000eb  nop [rax+rax]
    000f4  nop [rax+rax]
    000fd  nop [rax]
; line 13: load
    00100  cmp rdi,1000h
    00107  jae 000000000000019Ah
    0010d  mov r10,[r14+rdi*8]
; line 14: load
    00111  cmp r8,1000h
    00118  jae 00000000000001A5h
; line 15: mul
    0011e  imul r10,[r14+r8*8]
; line 16: add
    00123  add r9,r10
; line 17: add
    00126  add rdi,1
; line 18: add
    0012a  add r8,rbx
; line 19: add
    0012d  add rsi,1
; line 20: jmp
; line 12: jge
    00131  cmp rsi,rbx
    00134  jl 0000000000000100h
; line 22: print
    00136  mov rax,r9
    00139  mov rsi,rax
    0013c  mov ecx,0Dh
    00141  mov rdi,[r15+30h]
    00145  mov rax,ADDR
    0014f  push r10
    00151  push r11
    00153  call rax  ; jit_print
    00155  pop r11
    00157  pop r10
    00159  test rdx,rdx
    0015c  jne 00000000000001B0h
; line 23: ret
    00162  mov eax,0
    00168  mov rbx,[rbp-8]
    0016c  mov r10,[rbp-10h]
    00170  mov r11,[rbp-18h]
    00174  mov rsp,rbp
    00177  pop rbp
    00178  ret
; line 12: jge
; unchecked copy of the loop at line 12
    00179  cmp rdi,rsi
    0017c  jge 0000000000000136h
    0017e  xchg ax,ax
; line 13: load
    00180  mov r10,[r14+rdi*8]
; line 14: load
; line 15: mul
    00184  imul r10,[r14+r8*8]
; line 16: add
    00189  add r9,r10
; line 17: add
    0018c  add rdi,1
; line 18: add
    00190  add r8,rbx
; line 19: add
; line 20: jmp
; line 12: jge
    00193  cmp rdi,rsi
    00196  jl 0000000000000180h
    00198  jmp 0000000000000136h
; trap: memory access out of bounds at line 13
    0019a  mov edx,5
    0019f  jmp qword ptr [1D8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 14
    001a5  mov edx,6
    001aa  jmp qword ptr [1D8h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    001b0  mov rsp,[r15+28h]
    001b4  ret
; external entry (from the interpreter)
    001b5  mov rax,ADDR
    001bf  mov rcx,ADDR
    001c9  lea r11,[8]
    001d0  jmp qword ptr [1E0h]  ; glue: the entry from the interpreter, 3 words in registers
; constant pool
    001d8  dq ADDR  ; glue: memory access out of bounds through jit_trap
    001e0  dq ADDR  ; glue: the entry from the interpreter, 3 words in registers

