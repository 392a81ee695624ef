function by_10 (asm, 243 bytes)
    00000  jmp 000000000000004Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 6: div
    00013  mov rax,6666666666666667h
    0001d  imul rsi
    00020  sar rdx,2
    00024  mov rax,rdx
    00027  shr rax,3Fh
    0002b  add rax,rdx
    0002e  mov rdi,rax
; line 7: rem
    00031  imul r8,rdi,0Ah
    00038  sub rsi,r8
; line 8: add
    0003b  add rsi,rdi
; line 9: ret
    0003e  mov rax,rsi
    00041  mov rsp,rbp
    00044  pop rbp
    00045  ret
; unwind to the entry from the interpreter
    00046  mov rsp,[r15+28h]
    0004d  ret
; external entry (from the interpreter)
    0004e  push rbp
    0004f  mov rbp,rsp
    00052  push rbx
    00053  push r12
    00055  push r13
    00057  push r14
    00059  push r15
    0005b  mov r12,rdi
    0005e  mov r15,ADDR
    00068  push qword ptr [r15+28h]
    0006f  mov r14,8
    00079  mov r13,[r15+10h]
    00080  sub r13,[r15]
    00087  lea rax,[0CCh]
    0008e  push rax
    0008f  mov [r15+28h],rsp
    00096  sub rsp,8
    0009a  mov rdx,rsi
    0009d  sub rsp,10h
    000a4  mov rsi,[rdx]
    000ab  call 8
    000b0  xor edx,edx
    000b2  lea rsp,[rbp-30h]
    000b9  pop rcx
    000ba  mov [r15+28h],rcx
    000c1  pop r15
    000c3  pop r14
    000c5  pop r13
    000c7  pop r12
    000c9  pop rbx
    000ca  pop rbp
    000cb  ret
    000cc  lea rbp,[rsp+30h]
    000d4  mov edx,1
    000d9  lea rsp,[rbp-30h]
    000e0  pop rcx
    000e1  mov [r15+28h],rcx
    000e8  pop r15
    000ea  pop r14
    000ec  pop r13
    000ee  pop r12
    000f0  pop rbx
    000f1  pop rbp
    000f2  ret

function by_8 (asm, 258 bytes)
    00000  jmp 000000000000005Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 12: div
    00013  mov rax,rsi
    00016  sar rax,3Fh
    0001a  shr rax,3Dh
    0001e  add rax,rsi
    00021  sar rax,3
    00025  mov rdi,rax
; line 13: rem
    00028  mov rcx,rsi
    0002b  mov rax,rcx
    0002e  sar rax,3Fh
    00032  shr rax,3Dh
    00036  add rax,rcx
    00039  sar rax,3
    0003d  shl rax,3
    00041  sub rcx,rax
    00044  mov rax,rcx
    00047  mov rsi,rax
; line 14: add
    0004a  add rsi,rdi
; line 15: ret
    0004d  mov rax,rsi
    00050  mov rsp,rbp
    00053  pop rbp
    00054  ret
; unwind to the entry from the interpreter
    00055  mov rsp,[r15+28h]
    0005c  ret
; external entry (from the interpreter)
    0005d  push rbp
    0005e  mov rbp,rsp
    00061  push rbx
    00062  push r12
    00064  push r13
    00066  push r14
    00068  push r15
    0006a  mov r12,rdi
    0006d  mov r15,ADDR
    00077  push qword ptr [r15+28h]
    0007e  mov r14,8
    00088  mov r13,[r15+10h]
    0008f  sub r13,[r15]
    00096  lea rax,[0DBh]
    0009d  push rax
    0009e  mov [r15+28h],rsp
    000a5  sub rsp,8
    000a9  mov rdx,rsi
    000ac  sub rsp,10h
    000b3  mov rsi,[rdx]
    000ba  call 8
    000bf  xor edx,edx
    000c1  lea rsp,[rbp-30h]
    000c8  pop rcx
    000c9  mov [r15+28h],rcx
    000d0  pop r15
    000d2  pop r14
    000d4  pop r13
    000d6  pop r12
    000d8  pop rbx
    000d9  pop rbp
    000da  ret
    000db  lea rbp,[rsp+30h]
    000e3  mov edx,1
    000e8  lea rsp,[rbp-30h]
    000ef  pop rcx
    000f0  mov [r15+28h],rcx
    000f7  pop r15
    000f9  pop r14
    000fb  pop r13
    000fd  pop r12
    000ff  pop rbx
    00100  pop rbp
    00101  ret

function by_minus_1 (asm, 220 bytes)
    00000  jmp 0000000000000037h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 18: div
    00013  mov rax,rsi
    00016  neg rax
    00019  mov rdi,rax
; line 19: rem
    0001c  mov rcx,rsi
    0001f  xor eax,eax
    00021  mov rsi,rax
; line 20: add
    00024  add rsi,rdi
; line 21: ret
    00027  mov rax,rsi
    0002a  mov rsp,rbp
    0002d  pop rbp
    0002e  ret
; unwind to the entry from the interpreter
    0002f  mov rsp,[r15+28h]
    00036  ret
; external entry (from the interpreter)
    00037  push rbp
    00038  mov rbp,rsp
    0003b  push rbx
    0003c  push r12
    0003e  push r13
    00040  push r14
    00042  push r15
    00044  mov r12,rdi
    00047  mov r15,ADDR
    00051  push qword ptr [r15+28h]
    00058  mov r14,8
    00062  mov r13,[r15+10h]
    00069  sub r13,[r15]
    00070  lea rax,[0B5h]
    00077  push rax
    00078  mov [r15+28h],rsp
    0007f  sub rsp,8
    00083  mov rdx,rsi
    00086  sub rsp,10h
    0008d  mov rsi,[rdx]
    00094  call 8
    00099  xor edx,edx
    0009b  lea rsp,[rbp-30h]
    000a2  pop rcx
    000a3  mov [r15+28h],rcx
    000aa  pop r15
    000ac  pop r14
    000ae  pop r13
    000b0  pop r12
    000b2  pop rbx
    000b3  pop rbp
    000b4  ret
    000b5  lea rbp,[rsp+30h]
    000bd  mov edx,1
    000c2  lea rsp,[rbp-30h]
    000c9  pop rcx
    000ca  mov [r15+28h],rcx
    000d1  pop r15
    000d3  pop r14
    000d5  pop r13
    000d7  pop r12
    000d9  pop rbx
    000da  pop rbp
    000db  ret

