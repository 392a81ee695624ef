function main (asm, 432 bytes)
    00000  jmp 000000000000017Eh
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
    0001f  mov r11,rdi
; line 8: load
    00022  cmp rsi,1000h
    00029  jae 000000000000015Bh
    0002f  mov r10,[r14+rsi*8]
    00033  mov esi,0
    00039  mov r8d,0
    0003f  cmp rsi,r11
    00042  jge 000000000000008Ah
    00048  test rsi,rsi
    0004b  js 000000000000008Ah
    00051  mov eax,1000h
    00056  sub rax,1
    0005c  cmp r11,rax
    0005f  jg 000000000000008Ah
    00065  mov rcx,r11
    00068  add rcx,r10
    0006b  cmp rcx,rax
    0006e  jg 000000000000008Ah
    00074  cmp r10,7FFFFFFFh
    0007b  ja 000000000000008Ah
    00081  lea r10,[r14+r10*8]
    00085  jmp 00000000000000E7h
; line 12: jge
    0008a  cmp rsi,r11
    0008d  jge 00000000000000CEh
    00093  nop [rax+rax]
    0009c  nop [rax]
; line 13: add
    000a0  lea rdi,[r10+rsi]
; line 14: load
    000a5  cmp rdi,0FFFh
    000ac  jae 000000000000012Ch
    000b2  mov r9,[r14+rdi*8]
; line 15: load
    000b6  mov rbx,[r14+rdi*8+8]
; line 16: add
    000be  add r8,r9
; line 17: store
    000c1  mov [r14+rdi*8],rbx
; line 18: add
    000c5  add rsi,1
; line 19: jmp
; line 12: jge
    000c9  cmp rsi,r11
    000cc  jl 00000000000000A0h
; line 21: add
    000ce  lea rsi,[r8+r10]
; line 22: ret
    000d3  mov rax,rsi
    000d6  mov rbx,[rbp-8]
    000da  mov r10,[rbp-10h]
    000de  mov r11,[rbp-18h]
    000e2  mov rsp,rbp
    000e5  pop rbp
    000e6  ret
; line 12: jge
; unchecked copy of the loop at line 12
    000e7  cmp rsi,r11
    000ea  jge 0000000000000123h
    000f0  nop [rax+rax]
    000f9  nop [rax]
; line 13: add
; line 14: load
    00100  mov r9,[r10+rsi*8]
; line 15: load
    00105  mov rbx,[r10+rsi*8+8]
; line 16: add
    0010d  add r8,r9
; line 17: store
    00110  mov [r10+rsi*8],rbx
; line 18: add
    00115  add rsi,1
; line 19: jmp
; line 12: jge
    00119  cmp rsi,r11
    0011c  jl 0000000000000100h
    0011e  jmp 0000000000000123h
; exit: the rows' addresses back to cell numbers
    00123  sub r10,r14
    00126  sar r10,3
    0012a  jmp 00000000000000CEh
; a group's span out of bounds: find the member
    0012c  lea rcx,[rdi]
    00134  cmp rcx,1000h
    0013b  jae 0000000000000163h
    00141  lea rcx,[rdi+1]
    00149  cmp rcx,1000h
    00150  jae 000000000000016Eh
    00156  jmp 000000000000016Eh
; trap: memory access out of bounds at line 8
    0015b  xor edx,edx
    0015d  jmp qword ptr [1A0h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 14
    00163  mov edx,5
    00168  jmp qword ptr [1A0h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 15
    0016e  mov edx,6
    00173  jmp qword ptr [1A0h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    00179  mov rsp,[r15+28h]
    0017d  ret
; external entry (from the interpreter)
    0017e  mov rax,ADDR
    00188  mov rcx,ADDR
    00192  lea r11,[8]
    00199  jmp qword ptr [1A8h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    001a0  dq ADDR  ; glue: memory access out of bounds through jit_trap
    001a8  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

